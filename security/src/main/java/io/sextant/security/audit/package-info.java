/**
 * The audit log: events of who did what, their redaction, and where they are written (JSON lines, the database).
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.security.audit;

import org.eclipse.jdt.annotation.NonNullByDefault;
