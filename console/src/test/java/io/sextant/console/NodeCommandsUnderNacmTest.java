package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.DataStore;
import io.sextant.model.ControllerSchema;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.PasswordHasher;
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
import io.sextant.southbound.netconf.ConnectionStatus;
import io.sextant.southbound.netconf.NetconfDevices;
import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.spi.ControllerInfo;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.MountedNode;
import io.sextant.spi.RpcRegistry;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.security.auth.Subject;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * {@code node-list}, {@code node-status} and the completion of node ids show a console user the
 * mounted nodes NACM lets that user read, node by node, as a RESTCONF read of the topologies shows them to the same user:
 * a node whose entry is denied is not there; a user who may read no node and not the topologies
 * is refused.
 */
class NodeCommandsUnderNacmTest {
    private static final List<MountedNode> NODES = List.of(
        new MountedNode("C1", "cli", "ssh", "192.0.2.3", 22, "connected", ""),
        new MountedNode("R1", "netconf", "ssh", "192.0.2.1", 830, "connected", ""),
        new MountedNode("R2", "netconf", "ssh", "192.0.2.2", 830, "connecting", ""));

    @TempDir
    Path dataDir;
    private AccessControl control;
    private static final QName NODE_ID = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node-id");

    private final ControllerStores stores = new ControllerStores();
    private final ConsoleServices services = new ConsoleServices();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws Exception {
        final DataStore config = stores.config();
        control = new AccessControl(config, new RpcRegistry(), ControllerSettings.forTests(dataDir, "console-secret"),
            SecuritySettings.DEFAULTS, new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1)), message -> { },
            AuditLog.NONE);
        config.update(tx -> {
            tx.put(NacmModel.NACM_PATH, NacmCodec.toNormalizedNode(rules()));
            for (MountedNode node : NODES) {
                final YangInstanceIdentifier entry = TopologyNodes.path(node);
                tx.put(entry, ImmutableNodes.newMapEntryBuilder()
                    .withNodeIdentifier((NodeIdentifierWithPredicates) entry.getLastPathArgument())
                    .withChild(ImmutableNodes.leafNode(NODE_ID, node.nodeId())).build());
            }
        });
        set("control", control);
        set("info", info());
        set("netconf", netconf());
        set("datastores", stores);
    }

    @AfterEach
    void stop() {
        control.close();
        stores.close();
    }

    /**
     * The shipped rules, with olga in group {@code operator}, whose R1 is hidden by a rule list
     * before the shipped ones; nora may read node R2 only (read-default is deny).
     */
    private static NacmConfig rules() {
        final NacmConfig shipped = NacmDefaults.config("admin");
        final Map<String, Set<String>> groups = new LinkedHashMap<>(shipped.groups());
        groups.put(NacmDefaults.OPERATOR_GROUP, Set.of("olga"));
        groups.put("r2-watchers", Set.of("nora"));
        final List<NacmRuleList> lists = new ArrayList<>();
        lists.add(new NacmRuleList("hide-r1", List.of(NacmDefaults.OPERATOR_GROUP), List.of(
            nodeRule("hide-r1", "R1", NacmAction.DENY))));
        lists.add(new NacmRuleList("r2", List.of("r2-watchers"), List.of(nodeRule("show-r2", "R2",
            NacmAction.PERMIT))));
        lists.addAll(shipped.ruleLists());
        return new NacmConfig(true, shipped.readDefault(), shipped.writeDefault(), shipped.execDefault(),
            shipped.externalGroups(), groups, lists);
    }

    private static NacmRule nodeRule(final String name, final String nodeId, final NacmAction action) {
        return new NacmRule(name, NacmRule.ANY, new NacmRule.RuleType.DataNode(NodeInstancePath.parse(
            "/network-topology:network-topology/network-topology:topology[network-topology:topology-id="
            + "'topology-netconf']/network-topology:node[network-topology:node-id='" + nodeId + "']")),
            Set.of(NacmOperation.READ), action);
    }

    private void set(final String field, final Object value) throws ReflectiveOperationException {
        // what Declarative Services does with the component's references
        final Field reference = ConsoleServices.class.getDeclaredField(field);
        reference.setAccessible(true);
        reference.set(services, value);
    }

    private static ControllerInfo info() {
        return (ControllerInfo) Proxy.newProxyInstance(ControllerInfo.class.getClassLoader(),
            new Class<?>[] { ControllerInfo.class }, (proxy, method, args) -> switch (method.getName()) {
                case "nodes" -> NODES;
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    private static NetconfDevices netconf() {
        return (NetconfDevices) Proxy.newProxyInstance(NetconfDevices.class.getClassLoader(),
            new Class<?>[] { NetconfDevices.class }, (proxy, method, args) -> switch (method.getName()) {
                case "status" -> NODES.stream().filter(n -> n.protocol().equals("netconf")
                    && n.nodeId().equals(args[0])).findFirst().map(n -> new NodeStatus(n.nodeId(),
                        ConnectionStatus.CONNECTED, null, Set.of(), List.of(), null, null, 0, Instant.EPOCH));
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    private Session session() {
        return ConsoleSessions.printingInto(printed);
    }

    /** Runs the command as {@code user} logged in over SSH, as Karaf's shell does; what it printed. */
    private String run(final String user, final Action command) throws Exception {
        return ConsoleSessions.runAs(user, command, printed);
    }

    private String nodeList(final String user) throws Exception {
        final NodeListCommand command = new NodeListCommand();
        command.services = services;
        command.session = session();
        return run(user, command);
    }

    private String nodeStatus(final String user, final String node) throws Exception {
        final NodeStatusCommand command = new NodeStatusCommand();
        command.services = services;
        command.session = session();
        command.node = node;
        return run(user, command);
    }

    @Test
    void nodeListShowsOnlyTheNodesTheUserMayRead() throws Exception {
        final String admin = nodeList("admin");
        assertTrue(admin.contains("R1") && admin.contains("R2") && admin.contains("C1"), admin);
        final String olga = nodeList("olga");
        assertFalse(olga.contains("R1"), olga);
        assertTrue(olga.contains("R2") && olga.contains("C1"), olga);
        // the way to a node nora may read is shown, though she may not read the topologies
        final String nora = nodeList("nora");
        assertTrue(nora.contains("R2"), nora);
        assertFalse(nora.contains("R1") || nora.contains("C1"), nora);
        final CommandException nobody = assertThrows(CommandException.class, () -> nodeList("nemo"));
        assertTrue(nobody.getMessage().contains("Access denied: user 'nemo' may not read the mounted nodes"),
            nobody.getMessage());
    }

    /** What a completer offers {@code user} for an empty argument, as Karaf's shell asks it. */
    @SuppressWarnings("removal")
    private List<String> complete(final String user, final Completer completer) throws Exception {
        final CommandLine line = (CommandLine) Proxy.newProxyInstance(CommandLine.class.getClassLoader(),
            new Class<?>[] { CommandLine.class }, (proxy, method, args) -> switch (method.getName()) {
                case "getCursorArgument", "getBuffer" -> "";
                case "getArgumentPosition", "getBufferPosition", "getCursorArgumentIndex" -> 0;
                case "getArguments" -> new String[0];
                default -> throw new UnsupportedOperationException(method.getName());
            });
        final Subject subject = new Subject();
        subject.getPrincipals().add(new UserPrincipal(user));
        final List<String> candidates = new ArrayList<>();
        Subject.doAs(subject, (PrivilegedExceptionAction<Integer>) () -> completer.complete(session(), line,
            candidates));
        return candidates.stream().map(String::trim).sorted().toList();
    }

    @Test
    void nodeIdCompletionOffersOnlyTheNodesTheUserMayRead() throws Exception {
        final MountedNodeCompleter mounted = new MountedNodeCompleter();
        mounted.services = services;
        final NodeIdCompleter configured = new NodeIdCompleter();
        configured.services = services;
        assertEquals(List.of("C1", "R1", "R2"), complete("admin", mounted));
        assertEquals(List.of("C1", "R1", "R2"), complete("admin", configured));
        assertEquals(List.of("C1", "R2"), complete("olga", mounted));
        assertEquals(List.of("C1", "R2"), complete("olga", configured));
        assertEquals(List.of("R2"), complete("nora", mounted));
        assertEquals(List.of("R2"), complete("nora", configured));
        assertEquals(List.of(), complete("nemo", mounted));
    }

    @Test
    void nodeStatusOfANodeTheUserMayNotReadSaysItIsNotMounted() throws Exception {
        assertTrue(nodeStatus("admin", "R1").contains("R1"));
        assertEquals("No node R1 is mounted.\n", nodeStatus("olga", "R1"));
        assertTrue(nodeStatus("olga", "R2").contains("R2"));
        assertTrue(nodeStatus("olga", "C1").contains("192.0.2.3"));
        assertEquals("No node C1 is mounted.\n", nodeStatus("nora", "C1"));
        assertTrue(nodeStatus("nora", "R2").contains("R2"));
        assertThrows(CommandException.class, () -> nodeStatus("nemo", "R2"));
    }
}
