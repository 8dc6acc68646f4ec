package io.sextant.testing.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;

/**
 * A simulated device's running configuration: lines, each with the lines of its block below it
 * ({@code interface X} holds {@code description ...}). Not thread-safe; the device guards it.
 */
final class ConfigTree {
    private final @Nullable String line;
    private final List<ConfigTree> children = new ArrayList<>();

    ConfigTree(final @Nullable String line) {
        this.line = line;
    }

    /** A root (no line of its own) holding the top-level lines of {@code text}, nested by indentation. */
    static ConfigTree parse(final String text) {
        final ConfigTree root = new ConfigTree(null);
        final List<ConfigTree> stack = new ArrayList<>();
        final List<Integer> indents = new ArrayList<>();
        for (String raw : text.split("\n")) {
            final String stripped = raw.strip();
            if (stripped.isEmpty() || stripped.startsWith("!") || stripped.equals("end")
                    || stripped.equals("exit-address-family")) {
                continue;
            }
            final int indent = raw.length() - raw.stripLeading().length();
            while (!indents.isEmpty() && indents.get(indents.size() - 1) >= indent) {
                indents.remove(indents.size() - 1);
                stack.remove(stack.size() - 1);
            }
            final ConfigTree parent = stack.isEmpty() ? root : stack.get(stack.size() - 1);
            final ConfigTree node = parent.add(stripped);
            stack.add(node);
            indents.add(indent);
        }
        return root;
    }

    /** @throws IllegalStateException for a root, which has no line of its own */
    String line() {
        if (line == null) {
            throw new IllegalStateException("A root has no line of its own");
        }
        return line;
    }

    List<ConfigTree> children() {
        return children;
    }

    Optional<ConfigTree> child(final String text) {
        return children.stream().filter(c -> text.equals(c.line)).findFirst();
    }

    Optional<ConfigTree> find(final Predicate<String> condition) {
        return children.stream().filter(c -> condition.test(c.line)).findFirst();
    }

    ConfigTree add(final String text) {
        final ConfigTree node = new ConfigTree(text);
        children.add(node);
        return node;
    }

    /** The child block {@code text}, created at the end when missing. */
    ConfigTree block(final String text) {
        return child(text).orElseGet(() -> add(text));
    }

    /** Remove children whose line matches; returns how many went. */
    int remove(final Predicate<String> condition) {
        int removed = 0;
        for (Iterator<ConfigTree> it = children.iterator(); it.hasNext();) {
            if (condition.test(it.next().line)) {
                it.remove();
                removed++;
            }
        }
        return removed;
    }

    /** Replace the children matching {@code key} with {@code text} (in place of the first), or add it. */
    void set(final Predicate<String> key, final String text) {
        for (int i = 0; i < children.size(); i++) {
            if (key.test(children.get(i).line)) {
                children.set(i, new ConfigTree(text));
                children.subList(i + 1, children.size()).removeIf(c -> key.test(c.line));
                return;
            }
        }
        add(text);
    }

    /** Where IOS prints a line inside its block (stable for lines of equal rank). */
    private static int rank(final ConfigTree node) {
        final String text = node.line();
        final String[] order = {"description ", "mtu ", "vrf forwarding ", "rd ", "bgp router-id ", "ip address ",
            "no ip address", "neighbor ", "address-family ", "shutdown"};
        for (int i = 0; i < order.length; i++) {
            if (text.startsWith(order[i]) || text.equals(order[i].strip())) {
                return text.endsWith(" secondary") ? i * 2 + 1 : i * 2;
            }
        }
        return order.length * 2;
    }

    /** Lines of this block, indented by depth, with IOS's block markers, in IOS's order within blocks. */
    void render(final StringBuilder out, final int depth) {
        final List<ConfigTree> ordered = new ArrayList<>(children);
        if (line != null) {
            ordered.sort(Comparator.comparingInt(ConfigTree::rank));
        }
        for (ConfigTree child : ordered) {
            final String childLine = child.line();
            out.append(" ".repeat(depth)).append(childLine).append('\n');
            if (!child.children.isEmpty() || childLine.startsWith("address-family")) {
                child.render(out, depth + 1);
                if (childLine.startsWith("address-family")) {
                    out.append(" ".repeat(depth)).append("exit-address-family\n");
                } else if (depth > 0) {
                    out.append(" ".repeat(depth)).append("!\n");
                }
            }
            if (depth == 0 && !child.children.isEmpty()) {
                out.append("!\n");
            }
        }
    }
}
