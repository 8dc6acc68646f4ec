package io.sextant.southbound.netconf.client;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.southbound.netconf.NetconfDatastore;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.EditOptions;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.southbound.netconf.schema.DeviceSchema;
import io.sextant.southbound.netconf.xml.BaseOperations;
import io.sextant.southbound.netconf.xml.DataCodec;
import io.sextant.southbound.netconf.xml.NetconfXml;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** The operations of one connected device over its {@link RpcChannel}. */
public final class DefaultDeviceSession implements NetconfDeviceSession {
    private static final Logger LOG = LoggerFactory.getLogger(DefaultDeviceSession.class);
    private final String nodeId;
    private final long sessionId;
    private final DeviceCapabilities capabilities;
    private final DeviceSchema schema;
    private final RpcChannel channel;
    private final Duration requestTimeout;
    private final BooleanSupplier owner;

    /**
     * @param owner whether this controller instance may still change the device (it holds the
     *     node's lease in the term the session was opened for): asked before every operation that
     *     can change it; reads are not fenced
     */
    DefaultDeviceSession(final String nodeId, final long sessionId, final DeviceCapabilities capabilities,
            final DeviceSchema schema, final RpcChannel channel, final Duration requestTimeout,
            final BooleanSupplier owner) {
        this.nodeId = nodeId;
        this.sessionId = sessionId;
        this.capabilities = capabilities;
        this.schema = schema;
        this.channel = channel;
        this.requestTimeout = requestTimeout;
        this.owner = owner;
    }

    @Override
    public String nodeId() {
        return nodeId;
    }

    @Override
    public DeviceCapabilities capabilities() {
        return capabilities;
    }

    @Override
    public EffectiveModelContext schema() {
        return schema.context();
    }

    @Override
    public String schemaContextId() {
        return schema.id();
    }

    DeviceSchema deviceSchema() {
        return schema;
    }

    @Override
    public long sessionId() {
        return sessionId;
    }

    @Override
    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public boolean mayChange() {
        return owner.getAsBoolean();
    }

    @Override
    public void drop(final String reason) {
        channel.shutdown(reason);
    }

    private DataCodec codec() {
        return schema.codec();
    }

    @Override
    public CompletionStage<Optional<NormalizedNode>> getConfig(final NetconfDatastore source,
            final YangInstanceIdentifier path) {
        return read(path, filter -> BaseOperations.getConfig(source, filter));
    }

    @Override
    public CompletionStage<Optional<NormalizedNode>> get(final YangInstanceIdentifier path) {
        return read(path, BaseOperations::get);
    }

    private CompletionStage<Optional<NormalizedNode>> read(final YangInstanceIdentifier path,
            final Function<@Nullable String, String> operation) {
        final @Nullable String filter;
        try {
            filter = path.isEmpty() ? null : codec().subtreeFilter(path);
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        return channel.send(operation.apply(filter), requestTimeout).thenApply(reply -> {
            final ContainerNode root = data(reply);
            return path.isEmpty() ? Optional.<NormalizedNode>of(root) : DataCodec.extract(root, path);
        });
    }

    private ContainerNode data(final Element reply) {
        final Optional<Element> data = NetconfXml.child(reply, NetconfXml.BASE_NS, "data");
        if (data.isEmpty()) {
            return DataCodec.emptyRoot();
        }
        try {
            return codec().parseData(data.get());
        } catch (OperationErrorsException e) {
            throw new CompletionException(e);
        }
    }

    @Override
    public CompletionStage<Void> editConfig(final NetconfDatastore target, final List<Edit> edits,
            final EditOptions options) {
        final List<String> editConfigs;
        try {
            editConfigs = renderEditConfig(target, edits, options);
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (String editConfig : editConfigs) {
            chain = chain.thenCompose(ignored -> ok(editConfig));
        }
        return chain;
    }

    @Override
    public List<String> renderEditConfig(final NetconfDatastore target, final List<Edit> edits, final EditOptions options)
            throws OperationErrorsException {
        if (target == NetconfDatastore.CANDIDATE && !capabilities.hasCandidate()) {
            throw unsupported("the candidate datastore (:candidate)");
        }
        if (target == NetconfDatastore.RUNNING && !capabilities.hasWritableRunning() && !capabilities.hasCandidate()) {
            throw unsupported("writing the running datastore (:writable-running)");
        }
        return codec().editConfigs(target, edits, options);
    }

    @Override
    public CompletionStage<Void> lock(final NetconfDatastore target) {
        return ok(BaseOperations.lock(target));
    }

    @Override
    public CompletionStage<Void> unlock(final NetconfDatastore target) {
        return ok(BaseOperations.unlock(target));
    }

    @Override
    public CompletionStage<Void> commit() {
        return ok(BaseOperations.commit());
    }

    @Override
    public CompletionStage<Void> confirmedCommit(final Duration timeout, final @Nullable String persistId) {
        if (!capabilities.hasConfirmedCommit()) {
            return CompletableFuture.failedFuture(unsupported("confirmed commit (:confirmed-commit)"));
        }
        if (persistId != null && !capabilities.hasPersistentConfirmedCommit()) {
            return CompletableFuture.failedFuture(unsupported("persistent confirmed commit (:confirmed-commit:1.1)"));
        }
        return ok(BaseOperations.confirmedCommit(timeout, persistId));
    }

    @Override
    public CompletionStage<Void> confirmCommit(final @Nullable String persistId) {
        return ok(BaseOperations.confirmCommit(persistId));
    }

    @Override
    public CompletionStage<Void> cancelCommit(final @Nullable String persistId) {
        if (!capabilities.hasPersistentConfirmedCommit()) {
            return CompletableFuture.failedFuture(unsupported("cancel-commit (:confirmed-commit:1.1)"));
        }
        return ok(BaseOperations.cancelCommit(persistId));
    }

    @Override
    public CompletionStage<Void> discardChanges() {
        return ok(BaseOperations.discardChanges());
    }

    @Override
    public CompletionStage<Void> validate(final NetconfDatastore source) {
        if (!capabilities.hasValidate()) {
            return CompletableFuture.failedFuture(unsupported("validate (:validate)"));
        }
        return ok(BaseOperations.validate(source));
    }

    @Override
    public CompletionStage<Optional<ContainerNode>> rpc(final QName rpc, final ContainerNode input) {
        if (!owner.getAsBoolean()) {
            return CompletableFuture.failedFuture(notOwner());
        }
        final String request;
        try {
            request = codec().rpcRequest(rpc, input);
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        return channel.send(request, requestTimeout).thenApply(reply -> {
            try {
                return codec().rpcOutput(rpc, reply);
            } catch (OperationErrorsException e) {
                throw new CompletionException(e);
            }
        });
    }

    /**
     * Send an operation whose reply is {@code <ok/>} (or anything without rpc-error), unless this
     * instance no longer owns the node: then nothing is sent.
     */
    private CompletableFuture<Void> ok(final String operation) {
        if (!owner.getAsBoolean()) {
            return CompletableFuture.failedFuture(notOwner());
        }
        return channel.send(operation, requestTimeout).thenApply(reply -> null);
    }

    private OperationErrorsException notOwner() {
        return OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED, "Node " + nodeId
            + " is owned by another controller instance now; nothing was sent to its device");
    }

    @Override
    public CompletionStage<Void> subscribeNotifications(final BiConsumer<Instant, ContainerNode> sink) {
        if (!capabilities.has(NetconfXml.NOTIFICATION_CAPABILITY)) {
            return CompletableFuture.failedFuture(unsupported("notifications"));
        }
        channel.onNotifications(message -> notification(message, sink));
        return channel.send("<create-subscription xmlns=\"" + NetconfXml.NOTIFICATION_NS + "\"/>", requestTimeout)
            .thenApply(reply -> null);
    }

    /** One {@code <notification>} message: its event time and the notification element after it. */
    private void notification(final Element message, final BiConsumer<Instant, ContainerNode> sink) {
        Instant time = Instant.now();
        Element body = null;
        for (Node child = message.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element) {
                if ("eventTime".equals(element.getLocalName())
                        && NetconfXml.NOTIFICATION_NS.equals(element.getNamespaceURI())) {
                    time = eventTime(element.getTextContent().strip(), time);
                } else if (body == null) {
                    body = element;
                }
            }
        }
        if (body == null) {
            LOG.debug("Node {} sent a notification without content", nodeId);
            return;
        }
        try {
            sink.accept(time, codec().parseNotification(body));
        } catch (OperationErrorsException e) {
            LOG.info("Node {}: notification left out: {}", nodeId, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("Node {}: notification {} left out", nodeId, body.getLocalName(), e);
        }
    }

    private static Instant eventTime(final String text, final Instant fallback) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            return fallback;
        }
    }

    /** A raw operation, for keepalives and get-schema. */
    CompletableFuture<Element> send(final String operation, final Duration timeout) {
        return channel.send(operation, timeout);
    }

    private OperationErrorsException unsupported(final String what) {
        return OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
            "Node " + nodeId + " does not support " + what);
    }

    @Override
    public String toString() {
        return "NetconfDeviceSession[" + nodeId + ", session " + sessionId + ", schema " + schema.id() + "]";
    }
}
