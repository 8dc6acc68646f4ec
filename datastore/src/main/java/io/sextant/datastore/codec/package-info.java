/**
 * Instance identifiers and data trees to and from their text forms.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.datastore.codec;

import org.eclipse.jdt.annotation.NonNullByDefault;
