package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.CONFIG;
import static io.sextant.uniconfig.UniconfigLayerTest.DESCRIPTION;
import static io.sextant.uniconfig.UniconfigLayerTest.MTU;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.DriftPolicy.Action;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Which drift policy governs a changed data node: none (report), a list step without keys for
 * every entry, the longest path first, then the policy naming the node, and policies of models a
 * node's schema does not have, which do not apply to it; a policy whose path the connected nodes'
 * schemas show to apply to no node (a typo) is refused when stored.
 */
class DriftPoliciesTest {
    private static final String DESCRIPTIONS = "openconfig-interfaces:interfaces/interface/config/description";

    private static EffectiveModelContext schema;

    private ControllerStores datastores;
    private final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
    private DriftPolicies policies;

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    @BeforeEach
    void start() {
        datastores = new ControllerStores();
        policies = new DriftPolicies(datastores.config(), devices);
    }

    @AfterEach
    void stop() {
        policies.close();
        datastores.close();
    }

    private static YangInstanceIdentifier leaf(final String iface, final QName leaf) {
        return interfacePath(iface).node(CONFIG).node(leaf);
    }

    private void store(final String name, final String path, final String action, final String... nodes)
            throws Exception {
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(DriftPolicies.POLICY, DriftPolicies.NAME, name))
            .withChild(ImmutableNodes.leafNode(DriftPolicies.NAME, name))
            .withChild(ImmutableNodes.leafNode(DriftPolicies.PATH, path))
            .withChild(ImmutableNodes.leafNode(DriftPolicies.ACTION, action));
        if (nodes.length > 0) {
            final var ids = ImmutableNodes.newSystemLeafSetBuilder()
                .withNodeIdentifier(NodeIdentifier.create(DriftPolicies.NODE_ID));
            for (String node : nodes) {
                ids.withChildValue(node);
            }
            entry.withChild(ids.build());
        }
        datastores.config().update(tx -> tx.merge(DriftPolicies.ALL.node(NodeIdentifierWithPredicates.of(
            DriftPolicies.POLICY, DriftPolicies.NAME, name)), entry.build()));
    }

    @Test
    void withoutPoliciesEveryChangeIsReported() {
        assertEquals(Action.REPORT, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
    }

    @Test
    void aListStepWithoutKeysGovernsEveryEntry() throws Exception {
        store("descriptions", DESCRIPTIONS, "ignore");
        assertEquals(Action.IGNORE, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
        assertEquals(Action.IGNORE, policies.actionFor("r1", schema, leaf("eth7", DESCRIPTION)));
        assertEquals(Action.REPORT, policies.actionFor("r1", schema, leaf("eth1", MTU)));
        // a whole interface created or deleted is more than its description
        assertEquals(Action.REPORT, policies.actionFor("r1", schema, interfacePath("eth1")));
    }

    @Test
    void aPolicyGovernsEverythingBelowItsPathAndTheLongestPathWins() throws Exception {
        store("all", "openconfig-interfaces:interfaces", "ignore");
        store("eth1-mtu", "openconfig-interfaces:interfaces/interface=eth1/config/mtu", "restore");
        assertEquals(Action.RESTORE, policies.actionFor("r1", schema, leaf("eth1", MTU)));
        assertEquals(Action.IGNORE, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
        assertEquals(Action.IGNORE, policies.actionFor("r1", schema, leaf("eth2", MTU)));
        assertEquals(Action.IGNORE, policies.actionFor("r1", schema, interfacePath("eth3")));
    }

    @Test
    void aPolicyNamingTheNodeWinsOverOneForEveryNodeOnTheSamePath() throws Exception {
        store("a-everywhere", DESCRIPTIONS, "report");
        store("b-r1", DESCRIPTIONS, "restore", "r1");
        assertEquals(List.of(new DriftPolicy("a-everywhere", DESCRIPTIONS, Action.REPORT, Set.of()),
            new DriftPolicy("b-r1", DESCRIPTIONS, Action.RESTORE, Set.of("r1"))), policies.all());
        assertEquals(Action.RESTORE, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
        assertEquals(Action.REPORT, policies.actionFor("r2", schema, leaf("eth1", DESCRIPTION)));
    }

    @Test
    void changedPoliciesAreReadAgain() throws Exception {
        store("descriptions", DESCRIPTIONS, "ignore");
        assertEquals(Action.IGNORE, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
        store("descriptions", DESCRIPTIONS, "restore");
        assertEquals(Action.RESTORE, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
        datastores.config().update(tx -> tx.delete(DriftPolicies.ALL.node(NodeIdentifierWithPredicates.of(
            DriftPolicies.POLICY, DriftPolicies.NAME, "descriptions"))));
        assertEquals(Action.REPORT, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
    }

    @Test
    void aPolicyForModelsTheNodeDoesNotHaveDoesNotApplyToIt() throws Exception {
        store("bgp", "openconfig-network-instance:network-instances", "ignore");
        store("typo", "openconfig-interfaces:interfaces/interface/config/descripton", "ignore");
        assertEquals(Action.REPORT, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
    }

    @Test
    void aPathThatDoesNotBeginWithItsModuleIsRefusedWhenStored() {
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class,
            () -> store("unqualified", "interfaces/interface/config/description", "ignore"));
        assertTrue(refused.getMessage().contains("Drift policy unqualified: path 'interfaces/interface/config/"
            + "description' must begin with module:name"), refused.getMessage());
    }

    @Test
    void aPathNoConnectedNodesSchemaHasIsRefusedWithTheStepThatDoesNotResolve() throws Exception {
        devices.register(new TestDevice("r1", schema));
        final OperationErrorsException typo = assertThrows(OperationErrorsException.class,
            () -> store("typo", "openconfig-interfaces:interfaces/interface/config/descripton", "ignore"));
        assertTrue(typo.getMessage().contains("Drift policy typo: path openconfig-interfaces:interfaces/interface/"
            + "config/descripton") && typo.getMessage().contains("no 'descripton' there")
            && typo.getMessage().contains("would apply to no node"), typo.getMessage());
        final OperationErrorsException module = assertThrows(OperationErrorsException.class,
            () -> store("bgp", "openconfig-network-instanse:network-instances", "ignore"));
        assertTrue(module.getMessage().contains("no module openconfig-network-instanse"), module.getMessage());
        assertEquals(List.of(), policies.all(), "nothing refused was stored");

        store("descriptions", DESCRIPTIONS, "ignore");
        assertEquals(Action.IGNORE, policies.actionFor("r1", schema, leaf("eth1", DESCRIPTION)));
    }

    @Test
    void aPolicyNamingNodesIsCheckedAgainstTheNamedConnectedNodesOnly() throws Exception {
        devices.register(new TestDevice("r1", schema));
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class,
            () -> store("r1-typo", "openconfig-interfaces:interfaces/interface/config/descripton", "ignore", "r1"));
        assertTrue(refused.getMessage().contains("(node r1)"), refused.getMessage());
        // a node not connected cannot tell: taken as written
        store("r9-typo", "openconfig-interfaces:interfaces/interface/config/descripton", "ignore", "r9");
        assertEquals(List.of("r9-typo"), policies.all().stream().map(DriftPolicy::name).toList());
    }

    @Test
    void policiesStoredBeforeAreNotCheckedAgainWhenAnotherIsStored() throws Exception {
        store("typo", "openconfig-interfaces:interfaces/interface/config/descripton", "ignore");
        devices.register(new TestDevice("r1", schema));
        store("descriptions", DESCRIPTIONS, "ignore");
        assertEquals(List.of("descriptions", "typo"), policies.all().stream().map(DriftPolicy::name).toList());
    }
}
