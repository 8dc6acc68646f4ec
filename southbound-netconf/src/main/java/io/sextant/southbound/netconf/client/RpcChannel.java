package io.sextant.southbound.netconf.client;

import io.netty.channel.Channel;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
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
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.eclipse.jdt.annotation.Nullable;
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
 * {@link OperationErrorsException}, and failing every pending request when the session goes down.
 * Replies complete on the worker pool, never on the Netty event loop.
 *
 * <p>A device that breaks the protocol loses its session, with the reason as the session's
 * reason for going down: a request it does not answer in time (its state is unknown from then
 * on), a reply whose message-id no request is waiting for, a message that is not well-formed
 * XML, and what its {@link InboundGuard} reports (a message over the size limit, broken framing).
 * The first reason wins; requests in flight fail with it.
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
    private volatile @Nullable NetconfClientSession session;
    private volatile @Nullable DataCodec codec;
    private volatile long lastActivity = System.nanoTime();
    /** Why the session is going down, when we know better than OpenDaylight's "Session closed"; first wins. */
    private final AtomicReference<String> downReason = new AtomicReference<>();
    /** Where the device's {@code <notification>} messages go, once subscribed; null: they are dropped. */
    private volatile @Nullable Consumer<Element> notifications;
    /** The session's Netty channel, from the moment the transport is up (before the hello). */
    private volatile @Nullable Channel transport;

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

    /** The guard for this session's channel, reporting here. */
    InboundGuard guard(final long maxReplyBytes) {
        return new InboundGuard(nodeId, maxReplyBytes, new InboundGuard.Verdicts() {
            @Override
            public void violated(final String reason) {
                shutdown(reason);
            }

            @Override
            public void peerClosed(final String reason) {
                downReason.compareAndSet(null, reason);
            }
        });
    }

    /** The transport is up: from now on {@link #shutdown(String)} closes it, even before the hello. */
    void attach(final Channel channel) {
        transport = channel;
        if (down.get()) {
            channel.close();
        }
    }

    /** Why the session went down, when this channel knows better than the transport's own failure. */
    Optional<String> downReason() {
        return Optional.ofNullable(downReason.get());
    }

    /** From now on the device's notification messages go to {@code sink}, on the worker pool. */
    void onNotifications(final Consumer<Element> sink) {
        notifications = sink;
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
     * @return the {@code <rpc-reply>} element; fails with {@link OperationErrorsException} for an
     *     rpc-error, a timeout or a session failure
     */
    CompletableFuture<Element> send(final String operation, final Duration timeout) {
        return send(operation, timeout, operationName(operation));
    }

    /**
     * Send one operation.
     *
     * @param what the request as error messages name it, for example {@code the keepalive}
     */
    CompletableFuture<Element> send(final String operation, final Duration timeout, final String what) {
        final NetconfClientSession current = session;
        if (current == null || down.get()) {
            return CompletableFuture.failedFuture(notConnected("is not connected"));
        }
        final String id = Long.toString(messageIds.incrementAndGet());
        final Document document;
        try {
            document = NetconfXml.parse("<rpc xmlns=\"" + NetconfXml.BASE_NS + "\" message-id=\"" + id + "\">"
                + operation + "</rpc>");
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        final CompletableFuture<Element> reply = new CompletableFuture<>();
        final ScheduledFuture<?> timer = scheduler.schedule(() -> expire(id, timeout, what), timeout.toMillis(),
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

    /**
     * No reply in time: the request fails, and so does the session, because what the device did
     * with the request (an edit, a lock) is unknown from now on and a reply may still come.
     */
    private void expire(final String id, final Duration timeout, final String what) {
        final String reason = "Node " + nodeId + " did not answer " + what + " within " + timeout.toMillis() + " ms";
        if (pending.containsKey(id)) {
            downReason.compareAndSet(null, reason);
            fail(id, new OperationErrorsException(error(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED, reason)));
            shutdown(reason);
        }
    }

    /** The element name of an operation, {@code <get-config ...>} → {@code get-config}. */
    private static String operationName(final String operation) {
        int start = operation.indexOf('<') + 1;
        int end = start;
        while (end < operation.length() && " />\t\n".indexOf(operation.charAt(end)) < 0) {
            end++;
        }
        final String name = operation.substring(start, end);
        return name.substring(name.indexOf(':') + 1);
    }

    private void fail(final String id, final OperationErrorsException failure) {
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

    /**
     * Drop the session at once (a protocol violation, a failed keepalive, an abandoned connection
     * attempt), closing its transport even when the hello exchange has not finished.
     */
    void shutdown(final String reason) {
        // Closing reports "Session closed" through onSessionTerminated; the real reason is ours.
        downReason.compareAndSet(null, reason);
        final NetconfClientSession current = session;
        if (current != null) {
            current.close();
        }
        final Channel channel = transport;
        if (channel != null) {
            channel.close();
        }
        tearDown(reason);
    }

    private void tearDown(final String observed) {
        if (!down.compareAndSet(false, true)) {
            return;
        }
        final String known = downReason.get();
        final String reason = known != null ? known : observed;
        final List<String> ids = new ArrayList<>(pending.keySet());
        for (String id : ids) {
            fail(id, notConnected("went down: " + reason));
        }
        up.completeExceptionally(new OperationErrorsException(error(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED,
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
        if ("notification".equals(root.getLocalName())
                && NetconfXml.NOTIFICATION_NS.equals(root.getNamespaceURI())) {
            final Consumer<Element> sink = notifications;
            if (sink != null) {
                workers.execute(() -> sink.accept(root));
            }
            return;
        }
        if (!"rpc-reply".equals(root.getLocalName())) {
            LOG.debug("{}: ignoring {}", nodeId, root.getLocalName());
            return;
        }
        final String id = root.getAttribute("message-id");
        final Pending request = pending.remove(id);
        if (request == null) {
            // Requests that time out end the session, so no late reply is legitimate.
            if (!down.get()) {
                shutdown("Node " + nodeId + " sent a reply with message-id \"" + id
                    + "\", which no request is waiting for");
            }
            return;
        }
        request.timeout().cancel(false);
        workers.execute(() -> {
            final List<OperationError> errors = RpcErrors.read(root, nodeId, codec);
            if (errors.isEmpty()) {
                request.reply().complete(root);
            } else {
                request.reply().completeExceptionally(new OperationErrorsException(errors));
            }
        });
    }

    @Override
    public void onError(final NetconfClientSession source, final Exception failure) {
        lastActivity = System.nanoTime();
        // Which request the message answered is unknown, and the device is not to be trusted further.
        LOG.debug("{}: undecodable message from the device", nodeId, failure);
        shutdown("Node " + nodeId + " sent a message that is not well-formed XML (" + failure.getMessage() + ")");
    }

    private OperationErrorsException notConnected(final String what) {
        return new OperationErrorsException(error(ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED,
            "The NETCONF session to node " + nodeId + " " + what));
    }

    private OperationError error(final ErrorType type, final ErrorTag tag, final String message) {
        return new OperationError(type, tag, message, null, null,
            "<node-id>" + NetconfXml.escape(nodeId) + "</node-id>");
    }
}
