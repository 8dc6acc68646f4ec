package io.sextant.perf.faults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an independent session read on one device: the values the commits change ({@code facts}:
 * the description, whether the extra interface exists), everything else in canonical form
 * ({@code rest}), and what is wrong with the device's datastores ({@code problems}: a lock held,
 * a candidate with changes nobody committed).
 */
public record DeviceState(Map<String, String> facts, String rest, List<String> problems) {
    public DeviceState {
        facts = Map.copyOf(facts);
        problems = List.copyOf(problems);
    }

    /** The facts a commit of {@code edit} gives this state, everything else the same. */
    public Map<String, String> factsAfter(final DeviceEdit edit) {
        final HashMap<String, String> after = new HashMap<>(facts);
        after.put(FaultDevice.DESCRIPTION, edit.description());
        edit.extra().ifPresent(present -> after.put(FaultDevice.EXTRA, present ? "present" : "absent"));
        return after;
    }

    /** How this state differs from the expected facts and rest, empty when it matches. */
    public List<String> differences(final Map<String, String> expectedFacts, final String expectedRest) {
        final List<String> found = new ArrayList<>();
        if (!facts.equals(expectedFacts)) {
            found.add("values " + facts + ", expected " + expectedFacts);
        }
        if (!rest.equals(expectedRest)) {
            found.add("other configuration changed: " + firstDifference(expectedRest, rest));
        }
        return found;
    }

    /** The first line where two texts part, for a readable report. */
    static String firstDifference(final String expected, final String actual) {
        final String[] a = expected.split("\n");
        final String[] b = actual.split("\n");
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            final String x = i < a.length ? a[i] : "(end)";
            final String y = i < b.length ? b[i] : "(end)";
            if (!x.equals(y)) {
                return "line " + (i + 1) + ": expected '" + x.strip() + "', found '" + y.strip() + "'";
            }
        }
        return "(same lines)";
    }
}
