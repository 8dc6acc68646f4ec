/**
 * What the controller keeps in PostgreSQL: the schema and its migrations, one repository per table
 * group, node leases among controller instances, and the errors a caller answers from.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.persistence;

import org.eclipse.jdt.annotation.NonNullByDefault;
