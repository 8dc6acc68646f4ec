/**
 * The CLI topology: the nodes configured for the CLI southbound, their connections, device types,
 * audit and the fenced sessions the other layers use.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.cli.topology;

import org.eclipse.jdt.annotation.NonNullByDefault;
