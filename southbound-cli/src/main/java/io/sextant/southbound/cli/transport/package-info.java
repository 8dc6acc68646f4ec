/**
 * The transports a CLI session runs on, SSH and Telnet, and how their bytes become text.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.cli.transport;

import org.eclipse.jdt.annotation.NonNullByDefault;
