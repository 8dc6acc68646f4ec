/**
 * The controller's datastores: configuration and operational trees over yangtools' data tree, their validation
 * and the errors they report.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.datastore;

import org.eclipse.jdt.annotation.NonNullByDefault;
