/**
 * The YANG models the controller bundles (OpenConfig and its own), the index of their sources,
 * and the schema contexts built from them.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.model;

import org.eclipse.jdt.annotation.NonNullByDefault;
