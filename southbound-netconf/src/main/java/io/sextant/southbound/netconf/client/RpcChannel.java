package io.sextant.southbound.netconf.client;

import io.sextant.datastore.OperationError;
import io.sextant.datastore.OperationFailedException;
import io.sextant.southbound.netconf.xml.DataCodec;
import io.sextant.southbound.netconf.xml.NetconfXml;
import io.sextant.southbound.netconf.xml.RpcErrors;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.opendaylight.netconf.api.NetconfTerminationReason;
import org.opendaylight.netconf.api.messages.NetconfMessage;
import org.opendaylight.netconf.client.NetconfClientSession;
import org.opendaylight.netconf.client.NetconfClientSessionListener;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * One NETCONF session's request/reply plumbing on top of OpenDaylight's client session: message
 * ids, matching replies to requests, per-request timeouts, {@code <rpc-error>} to
 * {@link OperationFailedException}, and failing every pending request when the session goes down.
 * Replies complete on the worker pool, never on the Netty event loop.
 */
final class RpcChannel implements NetconfClientSessionListener {
    private static final Logger LOG = LoggerFactory.getLogger(RpcChannel.class);

    private record Pending(CompletableFuture<Element> reply, ScheduledFuture<?> timeout) {
    }

    private final String nodeId;
    private final ScheduledExecutorService scheduler;
    private final Executor workers;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong messageIds = new AtomicLong();
    private final AtomicBoolean down = new AtomicBoolean();
    private final CompletableFuture<NetconfClientSession> up = new CompletableFuture<>();
    private final CompletableFuture<String> closed = new CompletableFuture<>();
    private volatile NetconfClientSession session;
    private volatile DataCodec codec;
    private volatile long lastActivity = System.nanoTime();
    private volatile String shutdownReason;

    RpcChannel(final String nodeId, final ScheduledExecutorService scheduler, final Executor workers) {
        this.nodeId = nodeId;
        this.scheduler = scheduler;
        this.workers = workers;
    }

    /** Completes when the hello exchange is done. */
    CompletableFuture<NetconfClientSession> up() {
        return up;
    }

    /** Completes, with the reason, when the session is gone. */
    CompletableFuture<String> closed() {
        return closed;
    }

    boolean isOpen() {
        return session != null && !down.get();
    }

    /** The schema codec, for translating error paths once the schema is known. */
    void setCodec(final DataCodec newCodec) {
        this.codec = newCodec;
    }

    /** Whether requests are waiting for replies (each has its own timeout). */
    boolean hasPending() {
        return !pending.isEmpty();
    }

    /** Nanosecond timestamp of the last message from the device. */
    long lastActivity() {
        return lastActivity;
    }

    /**
     * Send one operation (the content of {@code <rpc>}).
     *
     * @return the {@code <rpc-reply>} element; fails with {@link OperationFailedException} for an
     *     rpc-error, a timeout or a session failure
     */
    CompletableFuture<Element> send(final String operation, final Duration timeout) {
        final NetconfClientSession current = session;
        if (current == null || down.get()) {
            return CompletableFuture.failedFuture(notConnected("is not connected"));
        }
        final String id = Long.toString(messageIds.incrementAndGet());
        final Document document;
        try {
            document = NetconfXml.parse("<rpc xmlns=\"" + NetconfXml.BASE_NS + "\" message-id=\"" + id + "\">"
                + operation + "</rpc>");
        } catch (OperationFailedException e) {
            return CompletableFuture.failedFuture(e);
        }
        final CompletableFuture<Element> reply = new CompletableFuture<>();
        final ScheduledFuture<?> timer = scheduler.schedule(() -> expire(id, timeout), timeout.toMillis(),
            TimeUnit.MILLISECONDS);
        pending.put(id, new Pending(reply, timer));
        if (down.get()) {
            // Lost a race with the session going down after the check above.
            fail(id, notConnected("went down"));
            return reply;
        }
        current.sendMessage(new NetconfMessage(document)).addListener(future -> {
            if (!future.isSuccess()) {
                fail(id, notConnected("could not send: " + future.cause()));
            }
        });
        return reply;
    }

    private void expire(final String id, final Duration timeout) {
        fail(id, new OperationFailedException(error(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED,
            "Node " + nodeId + " did not answer within " + timeout.toMillis() + " ms")));
    }

    private void fail(final String id, final OperationFailedException failure) {
        final Pending request = pending.remove(id);
        if (request != null) {
            request.timeout().cancel(false);
            workers.execute(() -> request.reply().completeExceptionally(failure));
        }
    }

    /** Close the session politely: {@code <close-session/>}, then the transport. */
    void close(final Duration wait) {
        final NetconfClientSession current = session;
        if (current == null || down.get()) {
            shutdown("closed");
            return;
        }
        // The device ends the session after answering; close it ourselves only if it does not.
        send("<close-session xmlns=\"" + NetconfXml.BASE_NS + "\"/>", wait)
            .whenComplete((reply, failure) -> {
                try {
                    scheduler.schedule(() -> shutdown("closed"), failure == null ? wait.toMillis() : 0,
                        TimeUnit.MILLISECONDS);
                } catch (RejectedExecutionException e) {
                    shutdown("closed");
                }
            });
    }

    /** Drop the session at once (a failed keepalive, an abandoned connection attempt). */
    void shutdown(final String reason) {
        // Closing reports "Session closed" through onSessionTerminated; the real reason is ours.
        shutdownReason = reason;
        final NetconfClientSession current = session;
        if (current != null) {
            current.close();
        }
        tearDown(reason);
    }

    private void tearDown(final String observed) {
        if (!down.compareAndSet(false, true)) {
            return;
        }
        final String reason = shutdownReason != null ? shutdownReason : observed;
        final List<String> ids = new ArrayList<>(pending.keySet());
        for (String id : ids) {
            fail(id, notConnected("went down: " + reason));
        }
        up.completeExceptionally(new OperationFailedException(error(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED,
            "Node " + nodeId + ": " + reason)));
        workers.execute(() -> closed.complete(reason));
    }

    @Override
    public void onSessionUp(final NetconfClientSession newSession) {
        session = newSession;
        lastActivity = System.nanoTime();
        workers.execute(() -> up.complete(newSession));
    }

    @Override
    public void onSessionDown(final NetconfClientSession oldSession, final Exception cause) {
        LOG.debug("Session of {} went down", nodeId, cause);
        tearDown(cause.getMessage() != null ? cause.getMessage() : cause.toString());
    }

    @Override
    public void onSessionTerminated(final NetconfClientSession oldSession, final NetconfTerminationReason reason) {
        tearDown(reason.getErrorMessage());
    }

    @Override
    public void onMessage(final NetconfClientSession source, final NetconfMessage message) {
        lastActivity = System.nanoTime();
        final Element root = message.getDocument().getDocumentElement();
        if (!"rpc-reply".equals(root.getLocalName())) {
            // Notifications are not subscribed to; nothing else is expected.
            LOG.debug("{}: ignoring {}", nodeId, root.getLocalName());
            return;
        }
        final String id = root.getAttribute("message-id");
        final Pending request = pending.remove(id);
        if (request == null) {
            LOG.debug("{}: reply to unknown or expired message {}", nodeId, id);
            return;
        }
        request.timeout().cancel(false);
        workers.execute(() -> {
            final List<OperationError> errors = RpcErrors.read(root, nodeId, codec);
            if (errors.isEmpty()) {
                request.reply().complete(root);
            } else {
                request.reply().completeExceptionally(new OperationFailedException(errors));
            }
        });
    }

    @Override
    public void onError(final NetconfClientSession source, final Exception failure) {
        lastActivity = System.nanoTime();
        // A message that could not be decoded: its id is unknown, so fail the oldest request.
        LOG.warn("{}: undecodable message from the device", nodeId, failure);
        pending.keySet().stream().map(Long::parseLong).min(Long::compare).map(Object::toString)
            .ifPresent(id -> fail(id, new OperationFailedException(error(ErrorType.RPC,
                ErrorTag.MALFORMED_MESSAGE, "Node " + nodeId + " sent an undecodable reply: " + failure.getMessage()))));
    }

    private OperationFailedException notConnected(final String what) {
        return new OperationFailedException(error(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED,
            "The NETCONF session to node " + nodeId + " " + what));
    }

    private OperationError error(final ErrorType type, final ErrorTag tag, final String message) {
        return new OperationError(type, tag, message, Optional.empty(), Optional.empty(),
            Optional.of("<node-id>" + NetconfXml.escape(nodeId) + "</node-id>"));
    }
}
