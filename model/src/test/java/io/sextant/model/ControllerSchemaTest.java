package io.sextant.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

class ControllerSchemaTest {

    @Test
    void everyBundledModuleIsInTheSchema() {
        final EffectiveModelContext context = ControllerSchema.get();
        for (YangSource source : BundledModels.get().all()) {
            final boolean present = context.getModules().stream().anyMatch(m -> m.getName().equals(source.name()))
                || context.getModules().stream().flatMap(m -> m.getSubmodules().stream())
                    .anyMatch(m -> m.getName().equals(source.name()));
            assertTrue(present, source.name() + " is missing from the controller schema");
        }
        assertSame(context, ControllerSchema.get(), "the schema is parsed once per process");
    }

    @Test
    void apiModulesResolveWithTheirDeclaredNamespaces() {
        final EffectiveModelContext context = ControllerSchema.get();
        for (var module : new QNameModule[] {
            ControllerSchema.NETWORK_TOPOLOGY, ControllerSchema.NETCONF_NODE_TOPOLOGY, ControllerSchema.CLI_TOPOLOGY,
            ControllerSchema.UNICONFIG_TOPOLOGY, ControllerSchema.UNICONFIG_MANAGER, ControllerSchema.SNAPSHOT_MANAGER,
            ControllerSchema.TRANSACTION_MANAGER, ControllerSchema.CONNECTION_MANAGER, ControllerSchema.SEXTANT}) {
            assertTrue(context.findModule(module).isPresent(), module + " is not in the schema");
        }
        assertTrue(context.findDataTreeChild(QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology"))
            .isPresent());
    }

    @Test
    void dependencyClosureBuildsASmallerSchema() throws Exception {
        final var sources = BundledModels.get().withDependencies(List.of("openconfig-interfaces"));
        assertTrue(sources.stream().anyMatch(s -> s.name().equals("openconfig-extensions")));
        assertTrue(sources.stream().anyMatch(s -> s.name().equals("ietf-interfaces")));
        final var schema = SchemaBuilder.build(sources);
        assertTrue(schema.findModules("openconfig-interfaces").size() == 1);
        assertTrue(schema.findModules("openconfig-bgp").isEmpty());
    }

    @Test
    void sourcesCarryDeviceFileNames() {
        assertEquals("openconfig-interfaces@2016-05-26.yang",
            BundledModels.get().find("openconfig-interfaces").orElseThrow().fileName());
    }
}
