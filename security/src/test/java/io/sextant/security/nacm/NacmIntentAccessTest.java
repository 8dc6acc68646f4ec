package io.sextant.security.nacm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;

/** How a refused place inside a node's configuration is named to the user. */
class NacmIntentAccessTest {
    private static final QName INTERFACES = QName.create("urn:test", "interfaces");
    private static final QName INTERFACE = QName.create(INTERFACES, "interface");
    private static final QName NAME = QName.create(INTERFACES, "name");
    private static final QName CONFIG = QName.create(INTERFACES, "config");

    @Test
    void aListAndItsEntryAreOneStepWithTheKey() {
        assertEquals("/interfaces/interface=eth2/config", NacmIntentAccess.describe(YangInstanceIdentifier.builder()
            .node(INTERFACES).node(INTERFACE).node(NodeIdentifierWithPredicates.of(INTERFACE, NAME, "eth2"))
            .node(CONFIG).build()));
        assertEquals("the whole configuration", NacmIntentAccess.describe(YangInstanceIdentifier.of()));
    }
}
