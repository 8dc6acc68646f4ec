package io.sextant.translation.spi;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A configuration as IOS-like devices print it ({@code show running-config}): lines nest by
 * indentation, so {@code interface eth0} holds the {@code  description ...} lines below it.
 * Blank lines are skipped; everything else, comments and {@code exit} markers included, is a
 * line that {@link #unclaimed()} can report.
 */
public final class ConfigText {
    private final List<ConfigLine> top;
    private final List<ConfigLine> all;

    private ConfigText(final List<ConfigLine> top, final List<ConfigLine> all) {
        this.top = top;
        this.all = all;
    }

    public static ConfigText parse(final String output) {
        final List<ConfigLine> top = new ArrayList<>();
        final List<ConfigLine> all = new ArrayList<>();
        final Deque<ConfigLine> open = new ArrayDeque<>();
        final String[] lines = output.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            final String raw = lines[i].stripTrailing();
            if (raw.isBlank()) {
                continue;
            }
            final int indent = raw.length() - raw.stripLeading().length();
            while (!open.isEmpty() && open.peek().indent() >= indent) {
                open.pop();
            }
            final ConfigLine line = new ConfigLine(i + 1, indent, raw.strip(), open.peek());
            if (open.isEmpty()) {
                top.add(line);
            } else {
                open.peek().addChild(line);
            }
            open.push(line);
            all.add(line);
        }
        return new ConfigText(Collections.unmodifiableList(top), Collections.unmodifiableList(all));
    }

    /** Lines without indentation, each with its nested lines. */
    public List<ConfigLine> top() {
        return top;
    }

    /** Every line, in order. */
    public List<ConfigLine> all() {
        return all;
    }

    /**
     * The first top-level line matching {@code pattern} whose first group is {@code name}: the
     * block of one interface, VRF or the like.
     */
    public Optional<ConfigLine> block(final Pattern pattern, final String name) {
        return top.stream().filter(line -> line.match(pattern).map(m -> name.equals(m.group(1))).orElse(false))
            .findFirst();
    }

    /** Top-level lines matching {@code pattern}. */
    public List<ConfigLine> topMatching(final Pattern pattern) {
        return top.stream().filter(line -> pattern.matcher(line.text()).matches()).toList();
    }

    /**
     * Lines no reader claimed, except those matching one of {@code ignored} and block headers
     * some of whose nested lines were claimed (their unclaimed nested lines are reported instead).
     */
    public List<ConfigLine> unclaimed(final List<Pattern> ignored) {
        return all.stream()
            .filter(line -> !line.isClaimedBelow())
            .filter(line -> ignored.stream().noneMatch(p -> p.matcher(line.text()).matches()))
            .toList();
    }
}
