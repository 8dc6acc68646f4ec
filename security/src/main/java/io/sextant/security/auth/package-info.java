/**
 * Authentication: users and their password hashes, HTTP Basic and bearer tokens, login rate limiting.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.auth;

import org.eclipse.jdt.annotation.NonNullByDefault;
