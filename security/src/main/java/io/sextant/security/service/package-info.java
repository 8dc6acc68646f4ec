/**
 * The security services the controller wires: access control, audit, host keys, device secrets and their settings.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.service;

import org.eclipse.jdt.annotation.NonNullByDefault;
