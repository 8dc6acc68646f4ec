/**
 * The default CLI session and its connector: the dialogues with a device's command line and how
 * they fail.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.cli.session;

import org.eclipse.jdt.annotation.NonNullByDefault;
