/**
 * How configuration is stored: yangtools trees in a binary form, split into rows, and the edits
 * that turn one tree into another.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.persistence.codec;

import org.eclipse.jdt.annotation.NonNullByDefault;
