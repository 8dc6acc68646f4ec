/**
 * Device secrets sealed at rest: the key ring, the sealed boxes and the leaves that hold secrets.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.secrets;

import org.eclipse.jdt.annotation.NonNullByDefault;
