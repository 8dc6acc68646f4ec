package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Commits interrupted by kills of the controller. Each group of nodes has a committer of its
 * own: it puts a change with a new name (an interface named so, {@link Model}) to the intent of
 * every node of its group, then commits the group's nodes at once, again and again, until the
 * controller is killed with SIGKILL at a random moment in the two seconds after the round's
 * first acknowledged commit (so that commits are under way whatever the machine's load). It
 * records which changes were attempted (their commit was sent), which were acknowledged (the
 * commit answered complete) and which commits got no answer because of the kill, for
 * {@link #assertAllOrNothing} and {@link #assertInDoubtOnly}.
 */
final class KilledCommits {
    /** How long a round may take to see its first commit acknowledged (the machine may be loaded). */
    private static final Duration FIRST_ACKNOWLEDGEMENT = Duration.ofSeconds(120);
    private static final Pattern IN_DOUBT = Pattern.compile("nodes \\[([^\\]]*)\\] are in doubt");

    private final List<List<String>> groups;
    private final Model model;
    private final long seed = System.nanoTime();
    private final Random random = new Random(seed);
    /** Each attempted change's group. */
    private final Map<String, Integer> attempted = new ConcurrentHashMap<>();
    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    /** Changes whose commit is sent and not answered yet; at a kill, those it cut off. */
    private final Set<String> unanswered = ConcurrentHashMap.newKeySet();

    /**
     * @param groups the nodes each committer commits together; no node in two groups
     * @param model the model of the interfaces the changes add
     */
    KilledCommits(final List<List<String>> groups, final Model model) {
        this.groups = groups.stream().map(List::copyOf).toList();
        this.model = model;
    }

    /** The model of the interfaces the changes add: an interface named as the change. */
    enum Model {
        /** openconfig-interfaces, {@link RestconfClient#ethernetInterface}. */
        OPENCONFIG,
        /**
         * ietf-interfaces, for netconf-testtool: with the OpenConfig models it requires
         * {@code state/type} of an interface once it exists, so a second commit would fail.
         */
        IETF;

        String path(final String node, final String name) {
            return this == OPENCONFIG ? RestconfClient.intentInterface(node, name) : RestconfClient.UNICONFIG_NODE
                + node + RestconfClient.CONFIGURATION + "/ietf-interfaces:interfaces/interface=" + name;
        }

        String body(final String name) {
            return this == OPENCONFIG ? RestconfClient.ethernetInterface(name) : "{\"ietf-interfaces:interface\":[{"
                + "\"name\":\"" + name + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + name
                + "\"}]}";
        }
    }

    /**
     * The whole test: mount the nodes through a first controller, then {@code rounds} times wait
     * for the nodes and commit until the controller is killed (each round on a controller started
     * anew), and on a last one check that only the nodes of commits the kills cut off were in
     * doubt ({@link #assertInDoubtOnly}) and that every commit is on all its devices or none
     * ({@link #assertAllOrNothing}).
     *
     * @return how many nodes the restarts found in doubt
     */
    int killAndCheck(final ControllerRuns runs, final int rounds, final Mount mount, final Devices onDevices,
            final Duration wait) throws Exception {
        ControllerJvm controller = runs.start(0);
        mount.mount(controller.rest());
        for (int round = 0; round < rounds; round++) {
            if (round > 0) {
                controller = runs.start(round);
            }
            awaitNodes(controller, wait);
            round(controller, round);
        }
        try (ControllerJvm last = runs.start(rounds)) {
            awaitNodes(last, wait);
            System.out.println("Commits killed with the controller: " + summary(runs.logs(rounds)));
            final int inDoubt = assertInDoubtOnly(runs.logs(rounds));
            assertAllOrNothing(last, onDevices);
            return inDoubt;
        }
    }

    /** Mounts the nodes (every mount answering 201) through the first controller. */
    interface Mount {
        void mount(RestconfClient rest) throws Exception;
    }

    /** Wait until {@code controller} serves every node's intent (kept nodes come back as their devices connect). */
    void awaitNodes(final ControllerJvm controller, final Duration wait) throws Exception {
        for (List<String> group : groups) {
            for (String node : group) {
                controller.rest().await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION
                    + "?content=config", response -> response.statusCode() == 200, wait);
            }
        }
    }

    /** Commit through {@code controller} until it is killed, which this does once commits are under way. */
    void round(final ControllerJvm controller, final int round) throws InterruptedException {
        final List<Thread> committers = new ArrayList<>();
        for (int group = 0; group < groups.size(); group++) {
            final int g = group;
            committers.add(new Thread(() -> commitUntilKilled(controller, "r" + round + "g" + g + "c", g),
                "committer-" + round + "-" + g));
        }
        final int acknowledgedBefore = acknowledged.size();
        committers.forEach(Thread::start);
        final long deadline = System.nanoTime() + FIRST_ACKNOWLEDGEMENT.toNanos();
        while (acknowledged.size() == acknowledgedBefore) {
            assertTrue(System.nanoTime() < deadline, () -> "no commit was acknowledged within "
                + FIRST_ACKNOWLEDGEMENT + ": " + controller.tail());
            Thread.sleep(10);
        }
        Thread.sleep(random.nextInt(2_000));
        controller.kill();
        for (Thread committer : committers) {
            committer.join(TimeUnit.MINUTES.toMillis(2));
            assertFalse(committer.isAlive(), committer.getName() + " ended with the controller");
        }
    }

    private void commitUntilKilled(final ControllerJvm controller, final String prefix, final int group) {
        final List<String> nodes = groups.get(group);
        try {
            for (int k = 0; ; k++) {
                final String name = prefix + k;
                for (String node : nodes) {
                    final HttpResponse<String> put = controller.rest().send("PUT", model.path(node, name),
                        model.body(name));
                    if (put.statusCode() / 100 != 2) {
                        return;
                    }
                }
                attempted.put(name, group);
                unanswered.add(name);
                final JsonObject commit = controller.rest().rpc("uniconfig-manager:commit", nodes);
                unanswered.remove(name);
                if ("complete".equals(commit.get("overall-status").getAsString())) {
                    acknowledged.add(name);
                }
            }
        } catch (Exception | AssertionError killed) {
            // the controller was killed under the request
        }
    }

    /**
     * Every attempted change is on every device of its group or on none, every acknowledged one
     * on every device of its group, and some were acknowledged; then a commit of every node
     * through {@code last} (started after the kills) completes and brings every attempted change
     * to every device of its group.
     *
     * @param onDevices reads the interface names on each node's device, through sessions of the
     *     test's own
     */
    void assertAllOrNothing(final ControllerJvm last, final Devices onDevices) throws Exception {
        final Map<String, Set<String>> before = onDevices.names();
        final String context = " (seed " + seed + ", attempted " + attempted.keySet() + ", acknowledged "
            + acknowledged + ", on the devices " + before + ")\n" + last.tail();
        assertFalse(acknowledged.isEmpty(), "some commits were acknowledged" + context);
        attempted.forEach((name, group) -> {
            final long on = groups.get(group).stream().filter(node -> before.get(node).contains(name)).count();
            assertTrue(on == 0 || on == groups.get(group).size(), name + " is on every device or on none" + context);
        });
        for (String name : acknowledged) {
            assertTrue(before.get(groups.get(attempted.get(name)).get(0)).contains(name), name
                + " was acknowledged" + context);
        }
        final JsonObject commit = last.rest().rpc("uniconfig-manager:commit",
            groups.stream().flatMap(List::stream).toList());
        assertEquals("complete", commit.get("overall-status").getAsString(), commit + context);
        final Map<String, Set<String>> after = onDevices.names();
        attempted.forEach((name, group) -> {
            for (String node : groups.get(group)) {
                assertTrue(after.get(node).contains(name), name + " is on " + node + " after a commit" + context);
            }
        });
    }

    /**
     * The nodes the restarts named in doubt in {@code logs} are nodes of commits a kill cut off:
     * no other node is read back from its device.
     *
     * @return how many nodes were in doubt over all the restarts
     */
    int assertInDoubtOnly(final List<Path> logs) throws IOException {
        final Set<String> cutOff = new HashSet<>();
        for (String name : unanswered) {
            cutOff.addAll(groups.get(attempted.get(name)));
        }
        int inDoubt = 0;
        for (Path log : logs) {
            if (!Files.exists(log)) {
                continue;
            }
            final Matcher matcher = IN_DOUBT.matcher(Files.readString(log, StandardCharsets.UTF_8));
            while (matcher.find()) {
                for (String node : Arrays.asList(matcher.group(1).split(",\\s*"))) {
                    assertTrue(cutOff.contains(node), "node " + node + " was in doubt, but only the nodes of the "
                        + "commits cut off by a kill may be: " + cutOff + " (seed " + seed + ")");
                    inDoubt++;
                }
            }
        }
        return inDoubt;
    }

    /** How many commits were started and acknowledged, and what the restarts logged about recovering them. */
    String summary(final List<Path> logs) throws IOException {
        return attempted.size() + " commits started, " + acknowledged.size() + " acknowledged, " + unanswered.size()
            + " cut off by a kill; logged by the restarts: " + logged(logs, "was interrupted by a stop")
            + " interrupted, " + logged(logs, "putting it back") + " device(s) put back, "
            + logged(logs, "is on all its devices") + " finished as done";
    }

    /** How many lines of {@code logs} contain {@code text}. */
    private static long logged(final List<Path> logs, final String text) throws IOException {
        long count = 0;
        for (Path log : logs) {
            if (Files.exists(log)) {
                count += Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains(text))
                    .count();
            }
        }
        return count;
    }

    /** The interface names on each node's device, read through independent sessions. */
    interface Devices {
        Map<String, Set<String>> names() throws Exception;
    }
}
