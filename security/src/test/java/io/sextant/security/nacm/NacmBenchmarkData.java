package io.sextant.security.nacm;

import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** Data and rules of {@code bench.NacmBenchmark}: interfaces with N entries, an admin and a restricted user. */
public final class NacmBenchmarkData {
    private final NacmPolicy policy;
    private final NormalizedNode interfaces;
    private final MapEntryNode first;

    public NacmBenchmarkData(final int entries) {
        policy = NacmPolicy.compile(NacmCodec.fromNormalizedNode(NacmTestSchema.json("""
            {"ietf-netconf-acm:nacm": {"groups": {"group": [
                {"name": "admin", "user-name": ["admin"]}, {"name": "ops", "user-name": ["olga"]}]},
              "rule-list": [
                {"name": "admin", "group": ["admin"], "rule": [
                  {"name": "permit-all", "access-operations": "*", "action": "permit"}]},
                {"name": "ops", "group": ["ops"], "rule": [
                  {"name": "no-counters", "path": "/acme-itf:interfaces/interface/counters",
                   "access-operations": "*", "action": "deny"},
                  {"name": "edit", "path": "/acme-itf:interfaces", "access-operations": "*", "action": "permit"}]}
              ]}}""")));
        final QName iface = QName.create("http://example.com/ns/itf", "interface");
        final QName name = QName.create(iface, "name");
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(iface));
        MapEntryNode firstEntry = null;
        for (int i = 0; i < entries; i++) {
            final String key = "eth" + i;
            final MapEntryNode entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(iface, name, key))
                .withChild(ImmutableNodes.leafNode(name, key))
                .withChild(ImmutableNodes.leafNode(QName.create(iface, "mtu"), Uint32.valueOf(1500)))
                .withChild(ImmutableNodes.leafNode(QName.create(iface, "description"), "port " + i))
                .withChild(ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(NodeIdentifier.create(QName.create(iface, "counters")))
                    .withChild(ImmutableNodes.leafNode(QName.create(iface, "in-octets"), Uint64.valueOf(i)))
                    .build())
                .build();
            if (firstEntry == null) {
                firstEntry = entry;
            }
            list.withChild(entry);
        }
        first = firstEntry;
        interfaces = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(NodeIdentifier.create(QName.create(iface, "interfaces")))
            .withChild(list.build()).build();
    }

    public NacmPolicy policy() {
        return policy;
    }

    public DataPath interfacesPath() {
        return NacmTestSchema.dataPath("/acme-itf:interfaces");
    }

    public NormalizedNode interfaces() {
        return interfaces;
    }

    /** A merge of the first entry with a new MTU. */
    public WriteCheck mergeOneEntry() {
        final QName mtu = QName.create(first.name().getNodeType(), "mtu");
        final MapEntryNode changed = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(first.name())
            .withChild(ImmutableNodes.leafNode(QName.create(mtu, "name"), first.name().getValue(
                QName.create(mtu, "name"))))
            .withChild(ImmutableNodes.leafNode(mtu, Uint32.valueOf(9000))).build();
        final String path = "/acme-itf:interfaces/interface=" + first.name().getValue(QName.create(mtu, "name"));
        return WriteCheck.merge(NacmTestSchema.dataPath(path), changed, first);
    }
}
