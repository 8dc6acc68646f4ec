package io.sextant.translation.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of a device's configuration text with the lines indented below it. Readers mark
 * the lines they understood with {@link #claim()}; the rest is reported as not covered.
 */
public final class ConfigLine {
    private final int number;
    private final int indent;
    private final String text;
    private final ConfigLine parent;
    private final List<ConfigLine> children = new ArrayList<>();
    private boolean claimed;

    ConfigLine(final int number, final int indent, final String text, final ConfigLine parent) {
        this.number = number;
        this.indent = indent;
        this.text = text;
        this.parent = parent;
    }

    /** The line this one is indented below, if any. */
    public Optional<ConfigLine> parent() {
        return Optional.ofNullable(parent);
    }

    /** Whether this line or a line nested below it was claimed. */
    public boolean isClaimedBelow() {
        return claimed || children.stream().anyMatch(ConfigLine::isClaimedBelow);
    }

    /** The line with the lines it is nested in: {@code router bgp 1 > address-family ipv4 unicast > network ...}. */
    public String path() {
        return parent == null ? text : parent.path() + " > " + text;
    }

    /** One-based line number in the device's output. */
    public int number() {
        return number;
    }

    public int indent() {
        return indent;
    }

    /** The line without its indentation. */
    public String text() {
        return text;
    }

    /** The lines indented below this one. */
    public List<ConfigLine> children() {
        return Collections.unmodifiableList(children);
    }

    void addChild(final ConfigLine child) {
        children.add(child);
    }

    /** Mark this line as understood. */
    public ConfigLine claim() {
        claimed = true;
        return this;
    }

    public boolean isClaimed() {
        return claimed;
    }

    /** A matcher of the whole line, when it matches. */
    public Optional<Matcher> match(final Pattern pattern) {
        final Matcher matcher = pattern.matcher(text);
        return matcher.matches() ? Optional.of(matcher) : Optional.empty();
    }

    /** Children matching {@code pattern}, with their matchers. */
    public List<Matcher> matchChildren(final Pattern pattern) {
        final List<Matcher> found = new ArrayList<>();
        for (ConfigLine child : children) {
            child.match(pattern).ifPresent(found::add);
        }
        return found;
    }

    /** Children matching {@code pattern}. */
    public List<ConfigLine> childrenMatching(final Pattern pattern) {
        return children.stream().filter(child -> pattern.matcher(child.text).matches()).toList();
    }

    /** Line number and {@link #path()}. */
    @Override
    public String toString() {
        return number + ": " + path();
    }
}
