package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.uniconfig.Change;
import io.sextant.uniconfig.NodeResult;
import io.sextant.uniconfig.OperationResult;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

class UniconfigReportTest {
    private static final QName LEAF = QName.create("urn:test", "mtu");

    @Test
    void rendersChangesFailuresAndOutcome() {
        final var path = YangInstanceIdentifier.of(LEAF);
        final var changed = NodeResult.ok("R1").withDiff(List.of(new Change(path,
            Optional.of(ImmutableNodes.leafNode(LEAF, 1500)), Optional.of(ImmutableNodes.leafNode(LEAF, 9000)))));
        final var failed = NodeResult.failed("R2", NodeResult.ErrorKind.DEVICE_ERROR, "bad value");
        final String text = UniconfigReport.render(OperationResult.of(List.of(changed, failed)), id -> null,
            change -> "/mtu");
        assertEquals("""
            R1: complete
              ~ /mtu  ImmutableLeafNode{name=(urn:test)mtu, body=1500} -> ImmutableLeafNode{name=(urn:test)mtu, body=9000}
            R2: FAILED (device-error) bad value
            Overall: FAILED - R2: bad value
            """, text);
    }
}
