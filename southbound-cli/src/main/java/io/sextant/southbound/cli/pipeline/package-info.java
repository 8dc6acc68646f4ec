/**
 * The handlers the text of a CLI session passes through: login, echo, paging, prompts, errors
 * and timeouts.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.cli.pipeline;

import org.eclipse.jdt.annotation.NonNullByDefault;
