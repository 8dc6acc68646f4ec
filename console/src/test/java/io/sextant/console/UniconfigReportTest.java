package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.uniconfig.ConfigDiff;
import io.sextant.uniconfig.NodeResult;
import io.sextant.uniconfig.OperationResult;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

class UniconfigReportTest {
    private static final QName ROOT = QName.create("urn:test", "data");
    private static final QName LEAF = QName.create("urn:test", "mtu");

    private static ContainerNode root(final int mtu) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(ROOT))
            .withChild(ImmutableNodes.leafNode(LEAF, mtu)).build();
    }

    @Test
    void rendersChangesFailuresAndOutcome() {
        final var changed = NodeResult.ok("R1").withDiff(ConfigDiff.between(root(1500), root(9000)));
        final var failed = NodeResult.failed("R2", NodeResult.ErrorKind.DEVICE_ERROR, "bad value");
        final String text = UniconfigReport.render(OperationResult.of(List.of(changed, failed)), id -> null);
        assertEquals("""
            R1: complete
              ~ /(urn:test)mtu  ImmutableLeafNode{name=(urn:test)mtu, body=1500} -> ImmutableLeafNode{name=(urn:test)mtu, body=9000}
            R2: FAILED (device-error) bad value
            Overall: FAILED - R2: bad value
            """, text);
    }
}
