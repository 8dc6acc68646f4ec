package io.sextant.perf.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.stream.JsonReader;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactory;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JsonParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.impl.schema.NormalizationResultHolder;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

class ConfigGeneratorTest {
    private static JSONCodecFactory codecs;

    @BeforeAll
    static void schema() throws Exception {
        final EffectiveModelContext context = SchemaBuilder.build(
            BundledModels.get().withDependencies(DeviceModels.MODULES));
        codecs = JSONCodecFactorySupplier.RFC7951.getShared(context);
    }

    @Test
    void cpeConfigParsesAgainstOpenConfigAndHasAboutAThousandLines() throws IOException {
        final GeneratedConfig config = ConfigGenerator.generate(DeviceProfile.CPE, 7, 1_000);
        assertWithinTenPercent(1_000, config.lines());
        assertEquals(config.lines(), GeneratedConfig.countLines(config.json()));

        final ContainerNode root = parse(config.json());
        assertEquals(3, root.body().size(), "interfaces, network-instances and acl");
        // loopback, uplink and one interface per access port
        assertEquals(config.units() + 2, list(root, "http://openconfig.net/yang/interfaces", "2016-05-26",
            "interfaces", "interface").size());
        final int vrfs = list(root, "http://openconfig.net/yang/network-instance", "2017-01-13",
            "network-instances", "network-instance").size() - 1;
        assertTrue(vrfs == 1 || vrfs == 2, "one or two customer VRFs beside the default instance, got " + vrfs);
    }

    @Test
    void routerConfigParsesAgainstOpenConfigAndScalesToTheRequestedLines() throws IOException {
        final GeneratedConfig config = ConfigGenerator.generate(DeviceProfile.PE_ROUTER, 11, 20_000);
        assertWithinTenPercent(20_000, config.lines());

        final ContainerNode root = parse(config.json());
        // one customer VRF per unit plus the default instance
        assertEquals(config.units() + 1, list(root, "http://openconfig.net/yang/network-instance", "2017-01-13",
            "network-instances", "network-instance").size());
        assertTrue(config.units() >= 20, "tens of customer VRFs in 20,000 lines, got " + config.units());
    }

    @Test
    void eachTopLevelPartParsesOnItsOwn() throws IOException {
        final GeneratedConfig config = ConfigGenerator.generate(DeviceProfile.PE_ROUTER, 3, 5_000);
        assertEquals(List.of(OpenConfigWriter.INTERFACES, OpenConfigWriter.NETWORK_INSTANCES, OpenConfigWriter.ACL),
            List.copyOf(config.parts().keySet()));
        for (String part : config.parts().values()) {
            assertEquals(1, parse(part).body().size());
        }
    }

    @Test
    void sameSeedGivesTheSameConfigAndAnotherSeedDoesNot() {
        final GeneratedConfig first = ConfigGenerator.generate(DeviceProfile.CPE, 42, 1_000);
        assertEquals(first.json(), ConfigGenerator.generate(DeviceProfile.CPE, 42, 1_000).json());
        assertNotEquals(first.json(), ConfigGenerator.generate(DeviceProfile.CPE, 43, 1_000).json());
    }

    @Test
    void fullSizeRouterConfigHasAboutSixHundredThousandLines() {
        final GeneratedConfig config = ConfigGenerator.generate(DeviceProfile.PE_ROUTER, 1, 600_000);
        assertWithinTenPercent(600_000, config.lines());
        assertTrue(config.units() >= 500, "hundreds of customer VRFs, got " + config.units());
    }

    private static void assertWithinTenPercent(final int target, final int actual) {
        assertTrue(Math.abs(actual - target) <= target / 10, "expected " + target + " lines ±10%, got " + actual);
    }

    /** Parses an RFC 7951 document holding top-level containers into a data-root container. */
    static ContainerNode parse(final String json) throws IOException {
        final NormalizationResultHolder holder = new NormalizationResultHolder();
        try (NormalizedNodeStreamWriter writer = ImmutableNormalizedNodeStreamWriter.from(holder)) {
            writer.startContainerNode(NodeIdentifier.create(SchemaContext.NAME), 3);
            try (JsonParserStream parser = JsonParserStream.create(writer, codecs)) {
                parser.parse(new JsonReader(new StringReader(json)));
            }
            writer.endNode();
        }
        return (ContainerNode) holder.getResult().data();
    }

    private static MapNode list(final ContainerNode root, final String namespace, final String revision,
            final String container, final String list) {
        final QNameModule module = QNameModule.of(XMLNamespace.of(namespace), Revision.of(revision));
        final NormalizedNode top = root.getChildByArg(NodeIdentifier.create(QName.create(module, container)));
        return (MapNode) ((ContainerNode) top).getChildByArg(NodeIdentifier.create(QName.create(module, list)));
    }
}
