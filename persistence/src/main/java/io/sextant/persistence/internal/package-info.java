/**
 * The database component under OSGi, migrations and the mapping of SQL errors.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.persistence.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
