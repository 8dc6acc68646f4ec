package io.sextant.testing.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** One simulated IOS device: its SSH port and, for checks independent of the product, its configuration. */
public final class SimulatedDevice {
    private final int port;
    private final IosEngine engine;

    SimulatedDevice(final int port, final IosEngine engine) {
        this.port = port;
        this.engine = engine;
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    public String hostname() {
        return engine.hostname();
    }

    /** {@code show running-config}, straight from the device's state. */
    /** How often {@code clear counters} was confirmed at its {@code [confirm]} question. */
    public int countersCleared() {
        synchronized (engine) {
            return engine.countersCleared();
        }
    }

    public String runningConfig() {
        synchronized (engine) {
            return engine.runningConfig();
        }
    }

    /**
     * Apply configuration lines directly (an out-of-band change).
     *
     * @return the device's output for each line (empty when it said nothing)
     */
    public List<String> configure(final String... lines) {
        synchronized (engine) {
            final IosEngine.Mode mode = new IosEngine.Mode();
            engine.execute(mode, "configure terminal");
            final List<String> outputs = new ArrayList<>();
            for (String line : lines) {
                outputs.add(Objects.requireNonNullElse(engine.execute(mode, line), ""));
            }
            engine.execute(mode, "end");
            return outputs;
        }
    }

    IosEngine engine() {
        return engine;
    }
}
