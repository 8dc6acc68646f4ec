package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.DataStore;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.nacm.NacmCodec;
import io.sextant.security.nacm.NacmConfig;
import io.sextant.security.nacm.NacmDefaults;
import io.sextant.security.nacm.NacmModel;
import io.sextant.security.service.AccessControl;
import io.sextant.security.service.SecuritySettings;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.RpcRegistry;
import io.sextant.uniconfig.DriftPolicy;
import io.sextant.uniconfig.PreProvisionedNode;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.karaf.shell.support.CommandException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * {@code drift-policy-set}, {@code drift-policy-delete}, {@code pre-provision} and
 * {@code pre-provisioned-delete} store and delete entries in the configuration datastore as a
 * RESTCONF PUT or DELETE would, under NACM (the shipped operator group may not write them; nothing
 * is stored then), each audited with the entry's path.
 */
class StoredWriteCommandsTest {
    @TempDir
    Path dataDir;
    private AccessControl control;
    private final ControllerStores stores = new ControllerStores();
    private final ConsoleServices services = new ConsoleServices();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final List<AuditEvent> audited = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        final DataStore config = stores.config();
        control = new AccessControl(config, new RpcRegistry(), ControllerSettings.forTests(dataDir, "console-secret"),
            SecuritySettings.DEFAULTS, new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1)), message -> { },
            AuditLog.NONE);
        final NacmConfig shipped = NacmDefaults.config("admin");
        final Map<String, Set<String>> groups = new LinkedHashMap<>(shipped.groups());
        groups.put(NacmDefaults.OPERATOR_GROUP, Set.of("olga"));
        config.update(tx -> tx.put(NacmModel.NACM_PATH, NacmCodec.toNormalizedNode(new NacmConfig(true,
            shipped.readDefault(), shipped.writeDefault(), shipped.execDefault(), shipped.externalGroups(), groups,
            shipped.ruleLists()))));
        set("control", control);
        set("datastores", stores);
        set("audit", (AuditLog) audited::add);
    }

    @AfterEach
    void stop() {
        control.close();
        stores.close();
    }

    private void set(final String field, final Object value) throws ReflectiveOperationException {
        // what Declarative Services does with the component's references
        final Field reference = ConsoleServices.class.getDeclaredField(field);
        reference.setAccessible(true);
        reference.set(services, value);
    }

    /** Runs the command as {@code user} logged in over SSH, as Karaf's shell does; what it printed. */
    private String run(final String user, final StoredWriteCommand command) throws Exception {
        command.services = services;
        command.session = ConsoleSessions.printingInto(printed);
        return ConsoleSessions.runAs(user, command, printed);
    }

    private static DriftPolicySetCommand policy(final String name, final String action, final String path,
            final String... nodes) {
        final DriftPolicySetCommand command = new DriftPolicySetCommand();
        command.name = name;
        command.action = action;
        command.path = path;
        command.nodes = nodes.length == 0 ? null : List.of(nodes);
        return command;
    }

    private Optional<NormalizedNode> stored(final DriftPolicy policy) {
        return stores.config().snapshot().read(policy.location());
    }

    @Test
    void anAdminStoresReplacesAndDeletesADriftPolicy() throws Exception {
        final String path = "openconfig-interfaces:interfaces/interface/config/mtu";
        assertEquals("Stored drift policy mtu\n", run("admin", policy("mtu", "restore", path, "R1", "R2")));
        final DriftPolicy expected = new DriftPolicy("mtu", path, DriftPolicy.Action.RESTORE, Set.of("R1", "R2"));
        assertEquals(Optional.of(expected.data()), stored(expected));

        assertEquals("Replaced drift policy mtu\n", run("admin", policy("mtu", "ignore", path)));
        final DriftPolicy replaced = new DriftPolicy("mtu", path, DriftPolicy.Action.IGNORE, Set.of());
        assertEquals(Optional.of(replaced.data()), stored(replaced));

        final DriftPolicyDeleteCommand delete = new DriftPolicyDeleteCommand();
        delete.name = "mtu";
        assertEquals("Deleted drift policy mtu\n", run("admin", delete));
        assertEquals(Optional.empty(), stored(replaced));
        final CommandException none = assertThrows(CommandException.class, () -> run("admin", delete));
        assertEquals("No drift policy mtu is stored: nothing was deleted", none.getMessage());

        assertEquals(List.of("PUT", "PUT", "DELETE"), audited.stream().map(e -> e.details().get("method")).toList());
        assertTrue(audited.stream().allMatch(e -> e.paths().equals(List.of(
            "/sextant-drift:drift-policies/policy=mtu")) && "admin".equals(e.user())), audited.toString());

        final CommandException badAction = assertThrows(CommandException.class,
            () -> run("admin", policy("x", "fix", path)));
        assertEquals("The action is ignore, report or restore, not 'fix'", badAction.getMessage());
    }

    @Test
    void theOperatorGroupMayNotStoreADriftPolicyOrAPreProvisioningEntry() throws Exception {
        final CommandException refused = assertThrows(CommandException.class, () -> run("olga",
            policy("descriptions", "ignore", "openconfig-interfaces:interfaces/interface/config/description")));
        assertTrue(refused.getMessage().startsWith("Access denied: user 'olga' may not create drift policy "
            + "descriptions (NACM "), refused.getMessage());
        assertEquals(Optional.empty(), stores.config().snapshot().read(DriftPolicy.location("descriptions")));

        final PreProvisionCommand entry = new PreProvisionCommand();
        entry.node = "cpe-1";
        entry.template = "port";
        assertThrows(CommandException.class, () -> run("olga", entry));
        assertEquals(Optional.empty(), stores.config().snapshot().read(PreProvisionedNode.location("cpe-1")));
        assertEquals(List.of(AuditEvent.Type.ACCESS_DENIED, AuditEvent.Type.ACCESS_DENIED),
            audited.stream().map(AuditEvent::type).toList());
    }

    @Test
    void anAdminStoresAndDeletesAPreProvisioningEntry() throws Exception {
        final PreProvisionCommand entry = new PreProvisionCommand();
        entry.node = "cpe-1";
        entry.template = "port";
        entry.values = List.of("ifname=eth1", "description=site 1=north");
        entry.commit = true;
        assertEquals("Stored pre-provisioning entry of node cpe-1\n", run("admin", entry));
        assertEquals(Optional.of(new PreProvisionedNode("cpe-1", "port", Map.of("ifname", "eth1", "description",
            "site 1=north"), true, null).data()), stores.config().snapshot().read(PreProvisionedNode.location("cpe-1")));

        entry.values = List.of("no-value");
        final CommandException bad = assertThrows(CommandException.class, () -> run("admin", entry));
        assertEquals("-s takes name=value, not 'no-value'", bad.getMessage());

        final PreProvisionedDeleteCommand delete = new PreProvisionedDeleteCommand();
        delete.node = "cpe-1";
        assertEquals("Deleted pre-provisioning entry of node cpe-1\n", run("admin", delete));
        assertEquals(Optional.empty(), stores.config().snapshot().read(PreProvisionedNode.location("cpe-1")));
    }
}
