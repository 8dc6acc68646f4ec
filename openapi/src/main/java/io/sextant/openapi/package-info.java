/**
 * The OpenAPI documents generated from the controller's YANG schema: paths, schemas and common components.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.openapi;

import org.eclipse.jdt.annotation.NonNullByDefault;
