package io.sextant.perf.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One generated device configuration.
 *
 * @param profile the device shape
 * @param seed the seed it was generated from (same seed, same text)
 * @param units how many repeated units (CPE: access ports; PE router: customer VRFs) it holds
 * @param parts one RFC 7951 document per top-level container, keyed by its qualified name
 *              ({@code openconfig-interfaces:interfaces}, ...), in document order
 */
public record GeneratedConfig(DeviceProfile profile, long seed, int units, Map<String, String> parts) {

    public GeneratedConfig {
        parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
    }

    /** The whole configuration as one pretty-printed document with every top-level container. */
    public String json() {
        final StringBuilder sb = new StringBuilder("{\n");
        boolean first = true;
        for (String part : parts.values()) {
            // each part is "{\n  \"module:name\": ...\n}": keep the member lines, same indentation
            final int start = part.indexOf('\n') + 1;
            final int end = part.lastIndexOf('\n');
            if (!first) {
                sb.append(",\n");
            }
            sb.append(part, start, end);
            first = false;
        }
        return sb.append("\n}").toString();
    }

    /** Lines of {@link #json()}. */
    public int lines() {
        int lines = 2;
        for (String part : parts.values()) {
            lines += countLines(part) - 2;
        }
        return lines;
    }

    static int countLines(final String text) {
        int lines = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines++;
            }
        }
        return lines;
    }
}
