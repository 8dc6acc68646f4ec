package io.sextant.restconf.nacm;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.model.ControllerSchema;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.NacmAction;
import io.sextant.security.nacm.NacmCodec;
import io.sextant.security.nacm.NacmConfig;
import io.sextant.security.nacm.NacmDefaults;
import io.sextant.security.nacm.NacmModel;
import io.sextant.security.nacm.NacmOperation;
import io.sextant.security.nacm.NacmRule;
import io.sextant.security.nacm.NacmRuleList;
import io.sextant.security.nacm.NodeInstancePath;
import io.sextant.security.service.AccessControl;
import io.sextant.security.service.SecuritySettings;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.EditResult;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/**
 * A read of a whole device through its mount point, by a user whose rules let it read
 * everything there (the shipped {@code operator} group), costs no walk of the device's data with
 * NACM on: the data the mount point's service returns is handed on as the very same object, never
 * looked into, however large it is. The data is a stand-in that fails when anything but its name
 * is asked; a rule that does reach into the device makes the same read walk it (the control).
 */
class NacmReadOfAWholeDeviceTest {
    private static final EffectiveModelContext SCHEMA = ControllerSchema.get();
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY,
        "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");

    @TempDir
    Path dataDir;
    private InMemoryDataStore config;
    private AccessControl control;

    @BeforeEach
    void start() throws Exception {
        config = new InMemoryDataStore(StoreType.CONFIGURATION, SCHEMA, Runnable::run);
        control = new AccessControl(config, new RpcRegistry(), ControllerSettings.forTests(dataDir, "whole-secret"),
            SecuritySettings.DEFAULTS, new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1)), message -> { },
            AuditLog.NONE);
        store(List.of());
    }

    @AfterEach
    void stop() {
        control.close();
    }

    /** The shipped rules with olga in group operator, after the rule lists given. */
    private void store(final List<NacmRuleList> first) throws Exception {
        final NacmConfig shipped = NacmDefaults.config("admin");
        final Map<String, Set<String>> groups = new LinkedHashMap<>(shipped.groups());
        groups.put(NacmDefaults.OPERATOR_GROUP, Set.of("olga"));
        final List<NacmRuleList> lists = new ArrayList<>(first);
        lists.addAll(shipped.ruleLists());
        final NacmConfig rules = new NacmConfig(true, shipped.readDefault(), shipped.writeDefault(),
            shipped.execDefault(), shipped.externalGroups(), groups, lists);
        config.update(tx -> tx.put(NacmModel.NACM_PATH, NacmCodec.toNormalizedNode(rules)));
    }

    /** The device's whole configuration: fails when anything but its name is asked. */
    private static ContainerNode untouchable() {
        final NodeIdentifier name = new NodeIdentifier(SchemaContext.NAME);
        return (ContainerNode) Proxy.newProxyInstance(ContainerNode.class.getClassLoader(),
            new Class<?>[] { ContainerNode.class }, (proxy, method, args) -> switch (method.getName()) {
                case "name" -> name;
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                case "toString" -> "the device's whole configuration";
                default -> throw new AssertionError("NACM looked inside the device's data: " + method.getName());
            });
    }

    /** The mount point's data service: hands out the device's data. */
    private static DataService device(final NormalizedNode data) {
        return new DataService() {
            @Override
            public CompletionStage<Optional<NormalizedNode>> read(final ReadScope scope,
                    final YangInstanceIdentifier path, final RequestContext context) {
                return CompletableFuture.completedFuture(Optional.of(data));
            }

            @Override
            public CompletionStage<EditResult> edit(final List<Edit> edits, final RequestContext context) {
                throw new UnsupportedOperationException();
            }
        };
    }

    /** Where the device's paths are: below node R1's mount point. */
    private static Function<YangInstanceIdentifier, DataPath> mountedAtR1() {
        final YangInstanceIdentifier node = YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, QName.create(TOPOLOGY, "topology-id"), "topology-netconf").node(NODE)
            .nodeWithKey(NODE, QName.create(NODE, "node-id"), "R1").build();
        return path -> DataPath.of(SCHEMA, node).mount(SCHEMA, path);
    }

    private NormalizedNode readAs(final String user, final NormalizedNode data) {
        final DataService guarded = new NacmGuard(control).data(device(data), mountedAtR1());
        return guarded.read(ReadScope.CONFIG, YangInstanceIdentifier.of(), RequestContext.of(user)).toCompletableFuture()
            .join().orElseThrow();
    }

    @Test
    void aUserWhoMayReadEverythingGetsTheDevicesDataWithoutAWalk() throws Exception {
        final ContainerNode whole = untouchable();
        assertSame(whole, readAs("olga", whole));
        assertSame(whole, readAs("admin", whole));
    }

    @Test
    void aRuleThatReachesIntoTheDeviceMakesTheSameReadWalkIt() throws Exception {
        store(List.of(new NacmRuleList("hide", List.of(NacmDefaults.OPERATOR_GROUP), List.of(new NacmRule(
            "hide-r1-interfaces", NacmRule.ANY, new NacmRule.RuleType.DataNode(NodeInstancePath.parse(
                "/network-topology:network-topology/network-topology:topology/network-topology:node"
                + "[network-topology:node-id='R1']/yang-ext:mount/openconfig-interfaces:interfaces")),
            Set.of(NacmOperation.READ), NacmAction.DENY)))));
        final CompletionException walked = assertThrows(CompletionException.class,
            () -> readAs("olga", untouchable()));
        assertTrue(walked.getCause() instanceof AssertionError, String.valueOf(walked.getCause()));
        // the admin's rules still permit everything: no walk
        final ContainerNode whole = untouchable();
        assertSame(whole, readAs("admin", whole));
    }
}
