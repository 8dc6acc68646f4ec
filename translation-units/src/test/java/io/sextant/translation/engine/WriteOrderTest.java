package io.sextant.translation.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.translation.UnitSchemas;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.Changes;
import io.sextant.translation.spi.ContainerReader;
import io.sextant.translation.spi.Handlers;
import io.sextant.translation.spi.ListReader;
import io.sextant.translation.spi.Writer;
import io.sextant.translation.testing.OcJson;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** The planner writes in the unit's declared write order, deletions in reverse, whatever the registration order. */
class WriteOrderTest {
    private static final ListReader NO_ENTRIES = (ctx, parent) -> List.of();
    private static final ContainerReader NOTHING = (ctx, path) -> Optional.empty();

    private final EffectiveModelContext schema = UnitSchemas.plainJava().forModules(OpenConfig.MODULES);

    /** A writer typing "KIND KEY" for a created entry and "no KIND KEY" for a deleted one. */
    private static Writer lines(final String kind, final QName list, final QName key) {
        return (path, node, ctx, out) -> {
            final Object name = OcPaths.keyOf(path, list, key);
            out.line((Changes.isDelete(node) ? "no " : "") + kind + " " + name);
        };
    }

    /** Interfaces registered before network instances, but VRFs declared to be written first. */
    private static Handlers.Builder handlers() {
        return Handlers.builder()
            .list(OcPaths.INTERFACE_LIST, NO_ENTRIES)
            .container(OcPaths.INTERFACE_CONFIG, NOTHING, lines("interface", If.INTERFACE, If.NAME))
            .list(OcPaths.SUBINTERFACE_LIST, NO_ENTRIES)
            .list(OcPaths.ADDRESS_LIST, NO_ENTRIES)
            .container(OcPaths.ADDRESS_CONFIG, NOTHING, lines("address", If.ADDRESS, If.IP))
            .list(OcPaths.NI_LIST, NO_ENTRIES)
            .container(OcPaths.NI_CONFIG, NOTHING, lines("vrf", Ni.NETWORK_INSTANCE, Ni.NAME));
    }

    private ContainerNode configuration() {
        return OcJson.parse(schema, """
            {
              "openconfig-interfaces:interfaces": {"interface": [
                {"name": "eth1", "config": {"name": "eth1"}},
                {"name": "eth0", "config": {"name": "eth0"},
                 "subinterfaces": {"subinterface": [{"index": 0, "openconfig-if-ip:ipv4": {"addresses": {"address": [
                   {"ip": "10.0.0.1", "config": {"ip": "10.0.0.1", "prefix-length": 24}}]}}}]}}]},
              "openconfig-network-instance:network-instances": {"network-instance": [
                {"name": "blue", "config": {"name": "blue"}}]}
            }""");
    }

    private CommandPlanner planner(final Handlers handlers) {
        return new CommandPlanner(HandlerTree.of(handlers, schema), "test");
    }


    @Test
    void createdDataIsWrittenInTheDeclaredOrderAndDeletedDataInReverse() throws Exception {
        final CommandPlanner planner = planner(handlers()
            .writeOrder(OcPaths.NI_CONFIG, OcPaths.INTERFACE_CONFIG, OcPaths.ADDRESS_CONFIG).build());

        assertEquals(List.of("vrf blue", "interface eth0", "interface eth1", "address 10.0.0.1"),
            planner.plan(DiffNode.root(null, configuration())).lines());
        assertEquals(List.of("no address 10.0.0.1", "no interface eth1", "no interface eth0", "no vrf blue"),
            planner.plan(DiffNode.root(configuration(), null)).lines());
    }

    @Test
    void aWriteOrderPuttingWhatLiesInsideAnEntryBeforeItIsRefused() {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> handlers()
            .writeOrder(OcPaths.NI_CONFIG, OcPaths.ADDRESS_CONFIG, OcPaths.INTERFACE_CONFIG).build());
        assertTrue(refused.getMessage().contains("puts " + OcPaths.ADDRESS_CONFIG + " before "
            + OcPaths.INTERFACE_CONFIG), refused.getMessage());
    }

    @Test
    void everyWriterMustHaveItsPlaceInTheWriteOrder() {
        final IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> handlers()
            .writeOrder(OcPaths.INTERFACE_CONFIG, OcPaths.ADDRESS_CONFIG).build());
        assertTrue(missing.getMessage().contains("misses the writer at " + OcPaths.NI_CONFIG), missing.getMessage());
        final IllegalArgumentException readerOnly = assertThrows(IllegalArgumentException.class, () -> handlers()
            .writeOrder(OcPaths.NI_CONFIG, OcPaths.INTERFACE_LIST, OcPaths.INTERFACE_CONFIG, OcPaths.ADDRESS_CONFIG)
            .build());
        assertTrue(readerOnly.getMessage().contains("names " + OcPaths.INTERFACE_LIST + ", where no writer is"),
            readerOnly.getMessage());
    }
}
