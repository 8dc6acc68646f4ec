/**
 * The Cisco IOS unit: only what the IOS dialect adds to the shared OpenConfig handlers.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.translation.ios;

import org.eclipse.jdt.annotation.NonNullByDefault;
