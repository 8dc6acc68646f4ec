/**
 * The controller's assembly: its start in Karaf and as a plain Java process, device reconnects and
 * ownership, readiness and status.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.controller;

import org.eclipse.jdt.annotation.NonNullByDefault;
