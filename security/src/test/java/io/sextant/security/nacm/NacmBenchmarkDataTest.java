package io.sextant.security.nacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;

/** The benchmark measures what it says: the admin's read is not walked, the restricted one is pruned. */
class NacmBenchmarkDataTest {
    @Test
    void theBenchmarkCasesDoWhatTheirNamesSay() {
        final NacmBenchmarkData data = new NacmBenchmarkData(50);
        final NormalizedNode all = data.interfaces();
        assertSame(all, data.policy().access("admin", Set.of()).prune(data.interfacesPath(), all).orElseThrow());
        final NormalizedNode pruned = data.policy().access("olga", Set.of()).prune(data.interfacesPath(), all)
            .orElseThrow();
        final var full = NacmTestSchema.path("/acme-itf:interfaces/interface=eth7/counters").getPathArguments();
        final YangInstanceIdentifier counters = YangInstanceIdentifier.of(full.subList(1, full.size()));
        assertTrue(NormalizedNodes.findNode(all, counters).isPresent());
        assertFalse(NormalizedNodes.findNode(pruned, counters).isPresent());
        assertEquals(Optional.empty(), data.policy().access("olga", Set.of()).checkWrites(List.of(
            data.mergeOneEntry())));
    }
}
