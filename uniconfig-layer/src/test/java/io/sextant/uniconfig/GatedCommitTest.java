package io.sextant.uniconfig;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.metrics.prometheus.PrometheusMetrics;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.StateBackend;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The verification gate of a commit over in-process devices whose checks read a path: a check
 * that holds keeps the commit, one that does not puts every device back, a commit waiting for
 * confirmation holds its nodes until confirm-commit, cancel-commit or its deadline.
 */
class GatedCommitTest {
    private static final RequestContext ADMIN = RequestContext.of("admin");
    private static final String MTU_PATH = "openconfig-interfaces:interfaces/interface=eth0/config/mtu";
    private static EffectiveModelContext schema;

    private ControllerStores datastores;
    private MountPointRegistry mounts;
    private UniconfigService service;
    private final TestDevice r1 = new TestDevice("r1", schema);
    private final TestDevice r2 = new TestDevice("r2", schema);

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    @BeforeEach
    void start() throws Exception {
        datastores = new ControllerStores();
        mounts = new MountPointRegistry();
        final UnifiedDeviceRegistry registry = new UnifiedDeviceRegistry();
        service = new UniconfigService(datastores, new RpcRegistry(), mounts, registry, Duration.ofMinutes(5),
            StateBackend.inMemory(), new PrometheusMetrics(true), "", IntentAccess.Policy.UNRESTRICTED);
        for (TestDevice device : List.of(r1, r2)) {
            device.outOfBand(UniconfigLayerTest.interfacePath("eth0"), UniconfigLayerTest.iface("eth0", 1500, "up"));
            registry.register(device);
        }
        await("both devices become UniConfig nodes").atMost(Duration.ofSeconds(10))
            .until(() -> service.nodeIds().size() == 2);
        r1.mode = DeviceChange.Mode.STAGED_CONFIRMABLE;
        r2.mode = DeviceChange.Mode.IMMEDIATE;
        for (String id : List.of("r1", "r2")) {
            intent(id).edit(List.of(Edit.replace(UniconfigLayerTest.interfacePath("eth0").node(UniconfigLayerTest
                .CONFIG).node(UniconfigLayerTest.MTU), ImmutableNodes.leafNode(UniconfigLayerTest.MTU,
                    Uint16.valueOf(9000)))), ADMIN).toCompletableFuture().get();
        }
    }

    @AfterEach
    void stop() {
        if (service != null) {
            service.close();
        }
        datastores.close();
    }

    private DataService intent(final String nodeId) throws Exception {
        return mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, nodeId).node(TopologyPaths.CONFIGURATION))
            .orElseThrow().data();
    }

    private static GateCheck mtuIs(final String nodeId, final String value) {
        return new GateCheck(nodeId + "-mtu", nodeId, null, MTU_PATH, Pattern.compile("^" + value + "$"));
    }

    private static <T> T get(final CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get();
    }

    private GatedResult decide(final String commitId, final boolean confirm, final RequestContext user,
            final IntentAccess access) throws Exception {
        return get(service.commits().decide(commitId, confirm, user, access));
    }

    private static Object mtu(final TestDevice device) {
        return device.running.snapshot().read(UniconfigLayerTest.interfacePath("eth0").node(UniconfigLayerTest.CONFIG)
            .node(UniconfigLayerTest.MTU)).map(NormalizedNode::body).orElseThrow();
    }

    @Test
    void checksThatHoldKeepTheCommitWithoutConfirmation() throws Exception {
        final GatedResult result = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(null, Duration.ofSeconds(30), List.of(mtuIs("r1", "9000"), mtuIs("r2", "9000")))));

        assertTrue(result.result().ok(), result.toString());
        assertEquals(GateOutcome.State.CONFIRMED, result.gate().state(), result.toString());
        assertTrue(result.gate().checks().stream().allMatch(GateOutcome.CheckResult::passed), result.toString());
        assertEquals(Uint16.valueOf(9000), mtu(r1));
        assertEquals(Uint16.valueOf(9000), mtu(r2));
        final UniconfigNode node = service.registry().node("r1").orElseThrow();
        assertSame(node.intendedRoot(), node.actualRoot(), "the intent became the actual configuration");
    }

    @Test
    void aCheckThatDoesNotHoldPutsEveryDeviceBack() throws Exception {
        final GatedResult result = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(null, Duration.ofSeconds(2), List.of(mtuIs("r1", "9000"), mtuIs("r2", "1234")))));

        assertFalse(result.result().ok(), result.toString());
        assertEquals(GateOutcome.State.PUT_BACK, result.gate().state(), result.toString());
        assertTrue(result.result().error().orElseThrow().contains("r2-mtu"), result.toString());
        assertEquals(Uint16.valueOf(1500), mtu(r1), "the confirmable device is put back");
        assertEquals(Uint16.valueOf(1500), mtu(r2), "the immediate device is put back");
        assertEquals(2, get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().size(), "the intent stays");
    }

    @Test
    void aCheckedCommitTakesTheGateAndPutsEveryDeviceBackWhenACheckDoesNotHold() throws Exception {
        final GatedResult result = get(service.commits().checkedCommit(List.of("r1", "r2"), ADMIN,
            new CommitOptions(false, new GateOptions(null, Duration.ofSeconds(2), List.of(mtuIs("r2", "1234"))))));

        assertFalse(result.result().ok(), result.toString());
        assertEquals(GateOutcome.State.PUT_BACK, result.gate().state(), result.toString());
        assertEquals(Uint16.valueOf(1500), mtu(r1), "the confirmable device is put back");
        assertEquals(Uint16.valueOf(1500), mtu(r2), "the immediate device is put back");
    }

    @Test
    void aGatedCheckedCommitOfADeviceChangedBehindItsBackTouchesNothing() throws Exception {
        r1.outOfBand(UniconfigLayerTest.interfacePath("eth9"), UniconfigLayerTest.iface("eth9", 1400, "behind"));
        final GatedResult result = get(service.commits().checkedCommit(List.of("r1", "r2"), ADMIN,
            new CommitOptions(false, new GateOptions(Duration.ofSeconds(60), Duration.ofSeconds(2),
                List.of(mtuIs("r1", "9000"))))));

        assertFalse(result.result().ok(), result.toString());
        assertEquals(NodeResult.ErrorKind.OUT_OF_SYNC, result.result().nodes().stream()
            .filter(n -> n.nodeId().equals("r1")).findFirst().orElseThrow().error().orElseThrow().kind(),
            result.toString());
        assertEquals(Uint16.valueOf(1500), mtu(r1), "nothing was sent");
        assertEquals(Uint16.valueOf(1500), mtu(r2));
    }

    @Test
    void aCheckedCommitWhoseChecksHoldWaitsForConfirmation() throws Exception {
        final GatedResult waiting = get(service.commits().checkedCommit(List.of("r1", "r2"), ADMIN,
            new CommitOptions(false, new GateOptions(Duration.ofSeconds(60), Duration.ofSeconds(30),
                List.of(mtuIs("r1", "9000"))))));
        assertEquals(GateOutcome.State.AWAITING_CONFIRMATION, waiting.gate().state(), waiting.toString());
        final GatedResult confirmed = decide(waiting.gate().commitId(), true, ADMIN, IntentAccess.UNRESTRICTED);
        assertTrue(confirmed.result().ok(), confirmed.toString());
        assertEquals(Uint16.valueOf(9000), mtu(r1));
        assertEquals(Uint16.valueOf(9000), mtu(r2));
    }

    @Test
    void aCommitAwaitingConfirmationHoldsItsNodesUntilConfirmed() throws Exception {
        final GatedResult waiting = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(Duration.ofMinutes(10), Duration.ofSeconds(30), List.of(mtuIs("r1", "9000")))));
        assertEquals(GateOutcome.State.AWAITING_CONFIRMATION, waiting.gate().state(), waiting.toString());
        final String commitId = waiting.gate().commitId();
        assertEquals(Uint16.valueOf(9000), mtu(r2), "applied while it waits");
        assertTrue(datastores.operational().snapshot().read(YangInstanceIdentifier.of(PendingCommits.CONTAINER))
            .orElseThrow().toString().contains(commitId), "listed as pending");

        final OperationResult other = get(service.commits().commit(List.of("r1"), ADMIN));
        assertFalse(other.ok());
        assertTrue(other.nodes().get(0).error().orElseThrow().message().contains(commitId), other.toString());
        final ExecutionException write = assertThrows(ExecutionException.class, () -> intent("r1").edit(List.of(
            Edit.delete(UniconfigLayerTest.interfacePath("eth0"))), ADMIN).toCompletableFuture().get());
        final OperationErrorsException refused = (OperationErrorsException) write.getCause();
        assertEquals(ErrorTag.IN_USE, refused.errors().get(0).tag());
        assertTrue(refused.errors().get(0).message().contains(commitId), refused.getMessage());

        final GatedResult confirmed = decide(commitId, true, ADMIN, IntentAccess.UNRESTRICTED);
        assertTrue(confirmed.result().ok(), confirmed.toString());
        assertEquals(GateOutcome.State.CONFIRMED, confirmed.gate().state());
        assertEquals(Uint16.valueOf(9000), mtu(r1));
        assertTrue(get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().isEmpty(), "intent is actual");
        assertTrue(get(service.commits().commit(List.of("r1"), ADMIN)).ok(), "the nodes are free again");
    }

    @Test
    void anotherUserDecidesOnlyWithWriteAccessToEveryNodeOfTheCommit() throws Exception {
        final GatedResult waiting = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(Duration.ofMinutes(10), Duration.ofSeconds(30), List.of())));
        final String commitId = waiting.gate().commitId();
        final RequestContext bob = RequestContext.of("bob");
        final IntentAccess notR2 = change -> {
            if (change.nodeId().equals("r2")) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.ACCESS_DENIED, "no write to r2");
            }
        };
        for (boolean confirm : new boolean[] {true, false}) {
            final ExecutionException refused = assertThrows(ExecutionException.class,
                () -> decide(commitId, confirm, bob, notR2));
            final OperationErrorsException denied = (OperationErrorsException) refused.getCause();
            assertEquals(ErrorTag.ACCESS_DENIED, denied.errors().get(0).tag());
            final String message = denied.errors().get(0).message();
            assertTrue(message.contains("User bob may not") && message.contains("of user admin")
                && message.contains("no write to r2"), message);
        }
        assertEquals(Uint16.valueOf(9000), mtu(r2), "the refused decisions changed nothing: the commit still waits");
        assertTrue(datastores.operational().snapshot().read(YangInstanceIdentifier.of(PendingCommits.CONTAINER))
            .orElseThrow().toString().contains(commitId), "still listed as pending");

        final GatedResult confirmed = decide(commitId, true, bob, IntentAccess.UNRESTRICTED);
        assertTrue(confirmed.result().ok(), confirmed.toString());
        assertEquals(GateOutcome.State.CONFIRMED, confirmed.gate().state());
    }

    @Test
    void aCommitNotConfirmedInTimeIsPutBack() throws Exception {
        final GatedResult waiting = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(Duration.ofSeconds(1), Duration.ofSeconds(30), List.of())));
        assertEquals(GateOutcome.State.AWAITING_CONFIRMATION, waiting.gate().state(), waiting.toString());

        await("both devices are put back").atMost(Duration.ofSeconds(30))
            .until(() -> Uint16.valueOf(1500).equals(mtu(r1)) && Uint16.valueOf(1500).equals(mtu(r2)));
        final ExecutionException late = assertThrows(ExecutionException.class,
            () -> decide(waiting.gate().commitId(), true, ADMIN, IntentAccess.UNRESTRICTED));
        assertEquals(ErrorTag.DATA_MISSING, ((OperationErrorsException) late.getCause()).errors().get(0).tag());
    }

    @Test
    void aCommitWaitingAtTheStopIsPutBack() throws Exception {
        final GatedResult waiting = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(Duration.ofMinutes(10), Duration.ofSeconds(30), List.of())));
        assertEquals(GateOutcome.State.AWAITING_CONFIRMATION, waiting.gate().state(), waiting.toString());

        service.close();
        service = null;

        assertEquals(Uint16.valueOf(1500), mtu(r1));
        assertEquals(Uint16.valueOf(1500), mtu(r2));
    }

    @Test
    void cancelCommitPutsEveryDeviceBack() throws Exception {
        final GatedResult waiting = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(Duration.ofMinutes(10), Duration.ofSeconds(30), List.of())));

        final GatedResult cancelled = decide(waiting.gate().commitId(), false, ADMIN, IntentAccess.UNRESTRICTED);

        assertFalse(cancelled.result().ok());
        assertEquals(GateOutcome.State.PUT_BACK, cancelled.gate().state());
        assertEquals(Uint16.valueOf(1500), mtu(r1));
        assertEquals(Uint16.valueOf(1500), mtu(r2));
    }

    @Test
    void aDeviceThatFailsBeforeTheGateEndsTheCommitAsPutBack() throws Exception {
        r2.failAt = "stage";

        final GatedResult result = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(Duration.ofMinutes(10), Duration.ofSeconds(30), List.of(mtuIs("r1", "9000")))));

        assertFalse(result.result().ok(), result.toString());
        assertEquals(GateOutcome.State.PUT_BACK, result.gate().state(), result.toString());
        assertFalse(result.gate().commitId().isEmpty(), "the answer names the commit");
        assertTrue(result.gate().checks().isEmpty(), "no check ran");
        assertEquals(Uint16.valueOf(1500), mtu(r1));
    }

    @Test
    void aCommitWithNothingToChangeIsAnsweredAsAPlainOne() throws Exception {
        assertTrue(get(service.commits().commit(List.of("r1", "r2"), ADMIN)).ok());

        final GatedResult result = get(service.commits().gatedCommit(List.of("r1", "r2"), ADMIN,
            new GateOptions(Duration.ofMinutes(10), Duration.ofSeconds(30), List.of(mtuIs("r1", "1234")))));

        assertTrue(result.result().ok(), result.toString());
        assertNull(result.gate(), "nothing was gated");
    }

    @Test
    void aCheckOfANodeOutsideTheCommitChangesNothing() throws Exception {
        final GatedResult result = get(service.commits().gatedCommit(List.of("r1"), ADMIN,
            new GateOptions(null, Duration.ofSeconds(30), List.of(mtuIs("r2", "9000")))));

        assertFalse(result.result().ok());
        assertTrue(result.result().error().orElseThrow().contains("not a target"), result.toString());
        assertEquals(Uint16.valueOf(1500), mtu(r1));
    }
}
