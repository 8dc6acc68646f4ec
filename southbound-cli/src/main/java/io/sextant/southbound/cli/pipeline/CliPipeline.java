package io.sextant.southbound.cli.pipeline;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.eclipse.jdt.annotation.Nullable;

/**
 * An ordered chain of {@link CliHandler}s between a transport (the head, index 0 side) and a
 * session (the tail). Text from the device enters at the head and leaves at the tail as
 * replies, errors and timeouts; commands enter at the tail and reach the transport at the head.
 * Not thread-safe: everything runs on the session's thread.
 */
public final class CliPipeline {
    private final List<CliHandler> handlers;
    private final Context[] contexts;
    private final Consumer<CliOutbound> transport;
    private final Consumer<CliEvent> session;
    private final CliScheduler scheduler;

    /**
     * @param handlers from the device side to the session side
     * @param transport receives what leaves the head
     * @param session receives what leaves the tail
     * @param scheduler runs delayed tasks on the session's thread
     */
    public CliPipeline(final List<CliHandler> handlers, final Consumer<CliOutbound> transport,
            final Consumer<CliEvent> session, final CliScheduler scheduler) {
        this.handlers = List.copyOf(handlers);
        this.transport = transport;
        this.session = session;
        this.scheduler = scheduler;
        this.contexts = new Context[this.handlers.size()];
        for (int i = 0; i < contexts.length; i++) {
            contexts[i] = new Context(i);
        }
    }

    /** Text arrived from the device. */
    public void received(final String text) {
        inboundAt(0, new CliEvent.Text(text));
    }

    /** The transport closed; {@code cause} is null when the close was asked for. */
    public void closed(final @Nullable Throwable cause) {
        inboundAt(0, new CliEvent.Closed(cause));
    }

    /** Send a message from the session towards the device. */
    public void send(final CliOutbound message) {
        outboundAt(handlers.size() - 1, message);
    }

    private void inboundAt(final int index, final CliEvent event) {
        if (index >= handlers.size()) {
            session.accept(event);
        } else {
            handlers.get(index).inbound(contexts[index], event);
        }
    }

    private void outboundAt(final int index, final CliOutbound message) {
        if (index < 0) {
            transport.accept(message);
        } else {
            handlers.get(index).outbound(contexts[index], message);
        }
    }

    private final class Context implements CliHandlerContext {
        private final int index;

        Context(final int index) {
            this.index = index;
        }

        @Override
        public void fireInbound(final CliEvent event) {
            inboundAt(index + 1, event);
        }

        @Override
        public void fireOutbound(final CliOutbound message) {
            outboundAt(index - 1, message);
        }

        @Override
        public Cancellable schedule(final Runnable task, final Duration delay) {
            return scheduler.schedule(task, delay);
        }
    }
}
