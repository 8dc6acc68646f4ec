/**
 * The controller's service interfaces: data edits, request context, RPC and mount point registries, settings.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.spi;

import org.eclipse.jdt.annotation.NonNullByDefault;
