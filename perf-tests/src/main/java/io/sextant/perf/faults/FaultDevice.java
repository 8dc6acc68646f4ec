package io.sextant.perf.faults;

import io.sextant.perf.faults.Fault.Kind;
import io.sextant.perf.faults.Fault.Mechanism;
import io.sextant.perf.faults.Fault.Phase;
import io.sextant.testing.FaultProxy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One device of the fault fleet, reached by the controller through its own {@link FaultProxy}
 * and read by the harness through sessions of its own (never through the controller). It knows
 * the change a commit makes on it, how to read what it holds, and how to make each fault happen
 * to it at a phase of a commit.
 */
public abstract class FaultDevice implements AutoCloseable {
    /** The fact holding the fault interface's description. */
    public static final String DESCRIPTION = "description";
    /** The fact saying whether the extra interface exists ("present" or "absent"). */
    public static final String EXTRA = "extra";

    /** A RESTCONF request against the node's intent, relative to its configuration. */
    public record Request(String method, String path, String body) {
    }

    /** A fault or marker armed on this device. */
    public static final class Armed {
        private final CompletableFuture<Instant> fired;
        private final Supplier<String> observation;
        private final Runnable disarm;

        Armed(final CompletableFuture<Instant> fired, final Supplier<String> observation, final Runnable disarm) {
            this.fired = fired;
            this.observation = observation;
            this.disarm = disarm;
        }

        public boolean fired() {
            return fired.isDone();
        }

        public CompletableFuture<Instant> firedAt() {
            return fired;
        }

        /** What the device had received when the fault hit, where the device's log tells (else empty). */
        public String observation() {
            return observation.get();
        }

        public void disarm() {
            disarm.run();
        }
    }

    private final String nodeId;
    private final FaultProxy proxy;
    private final Duration stallFor;
    private volatile boolean processStopped;
    private volatile CompletableFuture<Void> stallEnd = CompletableFuture.completedFuture(null);

    protected FaultDevice(final String nodeId, final FaultProxy proxy, final Duration stallFor) {
        this.nodeId = nodeId;
        this.proxy = proxy;
        this.stallFor = stallFor;
    }

    public final String nodeId() {
        return nodeId;
    }

    public final FaultProxy proxy() {
        return proxy;
    }

    /** What kind of device this is, for the report. */
    public abstract String description();

    /** Whether this is a NETCONF device (else CLI). */
    public abstract boolean netconf();

    /** The mount request: PUT of this body at {@link #mountPath()}. */
    public abstract String mountBody(Duration requestTimeout);

    public final String mountPath() {
        return "/rests/data/network-topology:network-topology/topology=" + (netconf() ? "topology-netconf"
            : "topology-cli") + "/node=" + nodeId;
    }

    /** The same change made so that this device refuses it. */
    public DeviceEdit rejected(final DeviceEdit edit) {
        return new DeviceEdit(edit.description(), edit.extra(), true);
    }

    /** The intent writes that make {@code edit}, in order. */
    public abstract List<Request> writes(DeviceEdit edit);

    /** Whether commits may create and delete the extra interface on this device. */
    public abstract boolean hasExtra();

    /** Give the device the configuration the commits start from, before the controller first reads it. */
    public abstract void prepare() throws IOException;

    /** Read the device through an independent session. */
    public abstract DeviceState read() throws IOException;

    /** The ways this device can suffer {@code kind}. */
    public abstract List<Mechanism> mechanisms(Kind kind);

    /**
     * Arm {@code fault} on this device by what it sees itself (its bytes at the proxy, its log);
     * empty when the phase can only be seen on another device ({@link #mark}).
     */
    public abstract Optional<Armed> arm(Fault fault);

    /** Run {@code action} when this device sees the commit reach {@code phase}; the device itself goes on. */
    public abstract Optional<Armed> mark(Phase phase, Runnable action);

    /** What the device will have received from now until the supplier is asked, where its log tells. */
    public Supplier<String> observe() {
        return () -> "";
    }

    /** Make {@code mechanism} happen to this device now. */
    public void act(final Mechanism mechanism) {
        switch (mechanism) {
            case PROXY_CUT -> proxy.cut();
            case PROXY_STALL -> {
                proxy.stall();
                stallStarted();
            }
            case PROCESS_STOP -> {
                processStopped = true;
                stopProcess();
                stallStarted();
            }
            default -> throw new IllegalArgumentException(nodeId + " cannot " + mechanism);
        }
    }

    /**
     * A stall began (the proxy's, on a trigger with the STALL effect, or a stopped process): it
     * ends by itself after the stall time, as a device that was busy goes on, whatever the
     * controller does meanwhile.
     */
    protected final void stallStarted() {
        final CompletableFuture<Void> end = new CompletableFuture<>();
        stallEnd = end;
        CompletableFuture.runAsync(this::endStall, CompletableFuture.delayedExecutor(stallFor.toMillis(),
            TimeUnit.MILLISECONDS)).whenComplete((ok, failure) -> end.complete(null));
    }

    private synchronized void endStall() {
        if (processStopped) {
            processStopped = false;
            continueProcess();
        }
        proxy.resume();
    }

    /** {@code kill -STOP} of the device's process. */
    protected void stopProcess() {
        throw new UnsupportedOperationException(nodeId + " has no process to stop");
    }

    /** {@code kill -CONT} of what {@link #stopProcess()} stopped. */
    protected void continueProcess() {
        throw new UnsupportedOperationException(nodeId + " has no process to continue");
    }

    /**
     * After a commit: end a stall once it has lasted the stall time (so that it always outlasts the
     * request timeout), and bring back what a fault took down.
     */
    public void heal() throws IOException, InterruptedException {
        try {
            stallEnd.get(stallFor.toMillis() + 10_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("the stall of " + nodeId + " did not end", e);
        }
        endStall();
    }

    protected final Duration stallFor() {
        return stallFor;
    }

    /** Sends a signal to a process with the system's kill. */
    protected static void signal(final String signal, final long pid) {
        try {
            final Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The proxy trigger's handle as an {@link Armed}. */
    protected final Armed armed(final FaultProxy.Armed trigger) {
        return new Armed(trigger.fired(), () -> "", proxy::disarm);
    }

    @Override
    public String toString() {
        return nodeId + " (" + description() + ")";
    }
}
