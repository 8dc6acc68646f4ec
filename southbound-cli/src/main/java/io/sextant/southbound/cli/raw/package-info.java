/** Raw CLI: commands typed at a CLI node's prompt on a user's behalf (cli-topology:execute-and-read, execute-and-expect). */
@NonNullByDefault
package io.sextant.southbound.cli.raw;

import org.eclipse.jdt.annotation.NonNullByDefault;
