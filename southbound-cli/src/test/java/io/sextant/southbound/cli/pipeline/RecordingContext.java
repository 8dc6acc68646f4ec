package io.sextant.southbound.cli.pipeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Records what a handler passes on, and holds its scheduled tasks for the test to run. */
final class RecordingContext implements CliHandlerContext {
    final List<CliEvent> inbound = new ArrayList<>();
    final List<CliOutbound> outbound = new ArrayList<>();
    final List<Scheduled> scheduled = new ArrayList<>();

    static final class Scheduled implements Cancellable {
        final Runnable task;
        final Duration delay;
        boolean cancelled;

        Scheduled(final Runnable task, final Duration delay) {
            this.task = task;
            this.delay = delay;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        void fire() {
            if (!cancelled) {
                task.run();
            }
        }
    }

    @Override
    public void fireInbound(final CliEvent event) {
        inbound.add(event);
    }

    @Override
    public void fireOutbound(final CliOutbound message) {
        outbound.add(message);
    }

    @Override
    public Cancellable schedule(final Runnable task, final Duration delay) {
        final Scheduled entry = new Scheduled(task, delay);
        scheduled.add(entry);
        return entry;
    }

    CliEvent.Reply onlyReply() {
        if (inbound.size() != 1 || !(inbound.get(0) instanceof CliEvent.Reply reply)) {
            throw new AssertionError("Expected exactly one reply, got " + inbound);
        }
        return reply;
    }
}
