package io.sextant.southbound.netconf;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * One connected NETCONF device: its capabilities, its schema and its operations. Data is
 * {@link NormalizedNode} in the device schema; paths are {@link YangInstanceIdentifier}s in it.
 *
 * <p>Every operation is asynchronous. It fails with {@link OperationErrorsException}
 * carrying the device's {@code rpc-error}s (error-path translated into the device schema where
 * possible, the node id in error-info), or a {@code operation-failed} error when the session went
 * down or the request timed out. A session object belongs to one NETCONF session: after a
 * reconnect, get a new one from {@link NetconfDevices#session(String)}.
 */
public interface NetconfDeviceSession {

    String nodeId();

    DeviceCapabilities capabilities();

    /** The device schema, shared with every device advertising the same modules. */
    EffectiveModelContext schema();

    /** Identifier of the shared schema context. */
    String schemaContextId();

    /** The session id from the device's hello. */
    long sessionId();

    /** Whether the session is still up. */
    boolean isOpen();

    /**
     * Whether this controller instance may still change the device through this session: it owns
     * the node in the term the session was opened for (see {@code DeviceOwnership}). When it does
     * not, every operation that can change the device fails at once and nothing is sent; reads
     * still go out. Such a session is closed soon; the node's next session, if this instance owns
     * the node again, is another one.
     */
    boolean mayChange();

    /**
     * End this session at once, without {@code <close-session>}: for a session whose state is no
     * longer known (a request timed out, and what the device did with it and with the requests
     * queued behind it cannot be told). Pending requests fail; the node reconnects as after any
     * lost session, and the device releases what the session held (locks, its candidate changes).
     */
    void drop(String reason);

    /**
     * {@code <get-config>} of {@code path} (a subtree filter; the empty path reads everything).
     *
     * @return the data at {@code path}; for the empty path the root container, always present
     */
    CompletionStage<Optional<NormalizedNode>> getConfig(NetconfDatastore source, YangInstanceIdentifier path);

    /** {@code <get>}: configuration and state at {@code path}. */
    CompletionStage<Optional<NormalizedNode>> get(YangInstanceIdentifier path);

    /**
     * {@code <edit-config>}: every edit becomes its subtree with {@code nc:operation} on the target
     * element. Edits whose paths nest are sent as consecutive edit-configs, in order.
     */
    CompletionStage<Void> editConfig(NetconfDatastore target, List<Edit> edits, EditOptions options);

    /**
     * The {@code <edit-config>} elements {@link #editConfig} would send for these edits (one per
     * edit-config, normally one), without sending anything: for dry runs.
     *
     * @throws OperationErrorsException when the edits cannot be expressed
     */
    List<String> renderEditConfig(NetconfDatastore target, List<Edit> edits, EditOptions options)
        throws OperationErrorsException;

    CompletionStage<Void> lock(NetconfDatastore target);

    CompletionStage<Void> unlock(NetconfDatastore target);

    /** {@code <commit/>}: also confirms a pending confirmed commit made by this session. */
    CompletionStage<Void> commit();

    /**
     * {@code <commit><confirmed/>}: the device rolls back unless a confirming commit follows within
     * {@code timeout}. Needs :confirmed-commit.
     *
     * @param persistId with :confirmed-commit:1.1, the {@code <persist>} token that lets another
     *     session confirm or cancel
     */
    CompletionStage<Void> confirmedCommit(Duration timeout, @Nullable String persistId);

    /** The confirming commit; with a persist id (not null), {@code <commit><persist-id>}. */
    CompletionStage<Void> confirmCommit(@Nullable String persistId);

    /**
     * {@code <cancel-commit>}: roll a pending confirmed commit back now; with a persist id (not null),
     * the one made with that {@code <persist>} token.
     */
    CompletionStage<Void> cancelCommit(@Nullable String persistId);

    /** {@code <discard-changes/>}: reset the candidate to running. */
    CompletionStage<Void> discardChanges();

    /** {@code <validate>}. Beware: yuma123 netconfd discards uncommitted candidate edits on validate. */
    CompletionStage<Void> validate(NetconfDatastore source);

    /**
     * Any RPC of the device schema.
     *
     * @param input the RPC input, a container named {@code input} in the RPC's module (may be empty)
     * @return the output, empty for an RPC without output or an {@code <ok/>} reply
     */
    CompletionStage<Optional<ContainerNode>> rpc(QName rpc, ContainerNode input);

    /**
     * Subscribe to the device's notifications (RFC 5277 {@code create-subscription} on the default stream):
     * from then on each one goes to {@code sink} with its event time, parsed in the device's schema, on a worker
     * thread; the sink must not block. Fails when the device does not offer notifications or refuses.
     */
    CompletionStage<Void> subscribeNotifications(BiConsumer<Instant, ContainerNode> sink);
}
