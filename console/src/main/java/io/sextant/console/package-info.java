/**
 * The Karaf shell commands and completers of the controller (sextant:*), and the reports they print.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.console;

import org.eclipse.jdt.annotation.NonNullByDefault;
