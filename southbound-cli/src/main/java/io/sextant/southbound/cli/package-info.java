/**
 * The CLI southbound: sessions to devices that speak a command line over SSH or Telnet, their
 * parameters, dialects and errors.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.cli;

import org.eclipse.jdt.annotation.NonNullByDefault;
