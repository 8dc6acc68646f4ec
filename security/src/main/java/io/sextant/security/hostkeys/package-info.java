/**
 * Device SSH host keys: the known keys, the policy that checks a device's key against them, and their store.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.hostkeys;

import org.eclipse.jdt.annotation.NonNullByDefault;
