package io.sextant.uniconfig;

import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One condition on device state that a gated commit waits for: a show command (CLI nodes) or
 * a path read with a get (NETCONF nodes), whose output or value must contain {@code expect}.
 *
 * @param command the show command; null for a check that reads {@code path}
 * @param path an RFC 8040 api-path in the device's models; null for a check that runs {@code command}
 */
public record GateCheck(String name, String nodeId, @Nullable String command, @Nullable String path,
        Pattern expect) {

    /** What the check reads, as the user wrote it. */
    public String what() {
        final String read = command != null ? command : path;
        return read != null ? read : "";
    }
}
