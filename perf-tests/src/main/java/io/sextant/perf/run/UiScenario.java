package io.sextant.perf.run;

import com.google.gson.JsonParser;
import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.testing.Chromium;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code ui}: how soon the operator's web page is usable with N mounted nodes (default 10,000; the
 * web page issue asks for under a second), in a real headless Chromium: N simulated devices
 * mounted and synced, then the Devices page opened {@link #ROUNDS} times, each time from a blank
 * page in the same browser (its TLS session and cached files kept, as an operator's are after the
 * first visit), measured in the page as the time from the navigation's start until the device
 * table shows its first rows and the summary counts every node; and a filter typed into the open
 * page, until the table shows the one node it matches (the page waits 150 ms after the last key
 * on purpose).
 */
final class UiScenario implements Scenario {
    private static final int ROUNDS = 5;
    /** Resolves with performance.now() once {@code condition} holds in the page (checked at every DOM change). */
    private static final String WHEN = """
        new Promise((resolve) => {
          const done = () => { try { return %s; } catch (e) { return false; } };
          if (done()) { resolve(performance.now()); return; }
          new MutationObserver((changes, observer) => {
            if (done()) { observer.disconnect(); resolve(performance.now()); }
          }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
        })""";

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int devices = options.devices().orElse(10_000);
        summary.scale(devices, 0, 0, 0).transport(options.transport()).withoutTable();
        final DeviceFleet fleet = DeviceFleet.start(run, 1, devices, options.transport(),
            options.devicesPerProcess().orElse(2_500), DeviceFleet.heapPerDeviceMib(0), 0);
        final Phases.Monitored c = Phases.controller(run, ControllerKind.KARAF,
            TableScenario.defaultHeap(devices, 0, 0));
        summary.controller(c.controller());
        final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
            options.transport(), options.threads().orElse(5), "mount", Duration.ofMinutes(5));
        summary.fact("Connected", String.format("%,d of %,d in %.1f s", mount.connected(), mount.requested(),
            mount.millis() / 1000.0));
        final int synced = awaitUniconfigNodes(c.controller(), mount.connected(), Duration.ofMinutes(10));
        summary.fact("UniConfig nodes (synced) when the page was opened", String.format("%,d", synced));

        final String base = "https://127.0.0.1:" + c.controller().port();
        final String ready = "document.getElementById('summary') && document.querySelector('#devices tr[data-node]')"
            + " && document.getElementById('summary').textContent.startsWith('" + mount.requested() + " nodes')";
        final List<Double> opened = new ArrayList<>();
        final List<Double> filtered = new ArrayList<>();
        try (Chromium browser = Chromium.start(run.outputDir().resolve("chromium"))) {
            browser.answerLogins("admin", run.password());
            for (int round = 0; round < ROUNDS; round++) {
                browser.navigate("about:blank");
                browser.navigate(base + "/ui/#/devices");
                opened.add(browser.eval(WHEN.formatted(ready)).getAsDouble());
                // where the time went: the page's requests, by start and duration (ms after navigation)
                run.log("round %d requests: %s", round + 1, browser.eval("performance.getEntriesByType('resource')"
                    + ".map((e) => e.name.replace(location.origin, '') + ' ' + Math.round(e.startTime) + '+'"
                    + " + Math.round(e.duration)).join(', ')").getAsString());
                // a node id typed into the filter: the table is filtered in the page, nothing is read
                final String node = fleet.devices().get(fleet.devices().size() / 2).id();
                final double typed = browser.eval("(() => { const f = document.getElementById('filter'); f.value = "
                    + Chromium.quote(node) + "; f.dispatchEvent(new Event('input')); return performance.now(); })()")
                    .getAsDouble();
                final double shown = browser.eval(WHEN.formatted("document.getElementById('summary').textContent"
                    + ".endsWith(' of 1 matching.') && document.querySelector(" + Chromium.quote("#devices tr[data-node='"
                    + node + "']") + ")")).getAsDouble();
                filtered.add(shown - typed);
                run.log("round %d: page usable %.0f ms after navigation, filter %.0f ms", round + 1,
                    opened.get(round), shown - typed);
            }
            browser.screenshot(run.outputDir().resolve("devices-" + devices + ".png"));
        }
        // a new operator's first visit to the controller that has served the page before: a browser
        // of its own (no TLS session, no cached files), the controller's code warm
        final double firstOfAnother;
        try (Chromium another = Chromium.start(run.outputDir().resolve("chromium-2"))) {
            another.answerLogins("admin", run.password());
            another.navigate(base + "/ui/#/devices");
            firstOfAnother = another.eval(WHEN.formatted(ready)).getAsDouble();
            run.log("another browser's first visit: page usable %.0f ms after navigation; requests: %s", firstOfAnother,
                another.eval("performance.getEntriesByType('resource').map((e) => e.name.replace(location.origin, '')"
                    + " + ' ' + Math.round(e.startTime) + '+' + Math.round(e.duration)).join(', ')").getAsString());
        }
        summary.fact("Devices page usable (first rows, every node counted), ms after navigation, rounds in order",
            list(opened))
            .fact("Filter by node id until the one matching row is shown, ms (includes the page's 150 ms wait)",
                list(filtered))
            .fact("Median page usable, ms", String.format("%.0f (first visit %.0f)", median(opened.subList(1,
                opened.size())), opened.get(0)))
            .fact("Another browser's first visit (its own TLS session and files), page usable, ms",
                String.format("%.0f", firstOfAnother));
    }

    /** Waits until the UniConfig topology lists {@code expected} nodes (or the deadline); how many it listed. */
    private static int awaitUniconfigNodes(final ControllerProcess controller, final int expected,
            final Duration wait) throws IOException, InterruptedException {
        final Instant deadline = Instant.now().plus(wait);
        int listed = 0;
        while (Instant.now().isBefore(deadline)) {
            final RestconfClient.Response response = controller.client().get("/rests/data/network-topology:"
                + "network-topology/topology=uniconfig?content=nonconfig&fields=node(node-id)");
            if (response.status() == 200) {
                final var topology = JsonParser.parseString(response.body()).getAsJsonObject()
                    .getAsJsonArray("network-topology:topology").get(0).getAsJsonObject();
                listed = topology.has("node") ? topology.getAsJsonArray("node").size() : 0;
                if (listed >= expected) {
                    return listed;
                }
            }
            Thread.sleep(5_000);
        }
        return listed;
    }

    private static String list(final List<Double> values) {
        return values.stream().map(v -> String.format("%.0f", v)).collect(Collectors.joining(", "));
    }

    private static double median(final List<Double> values) {
        final List<Double> sorted = values.stream().sorted().toList();
        final int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
