package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.uniconfig.DriftPolicy;
import io.sextant.uniconfig.PreProvisionedNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What {@code drift-policy-list} and {@code pre-provisioned-list} print. */
class DriftAndPreProvisioningListsTest {
    @Test
    void eachPolicyShowsItsActionPathAndNodes() {
        assertEquals("""
            descriptions  ignore  openconfig-interfaces:interfaces/interface/config/description  (every node)
            mtu  restore  openconfig-interfaces:interfaces/interface/config/mtu  nodes: R1, R2
            """, DriftPolicyListCommand.render(List.of(
                new DriftPolicy("descriptions", "openconfig-interfaces:interfaces/interface/config/description",
                    DriftPolicy.Action.IGNORE, Set.of()),
                new DriftPolicy("mtu", "openconfig-interfaces:interfaces/interface/config/mtu",
                    DriftPolicy.Action.RESTORE, Set.of("R2", "R1")))));
        assertEquals("No drift policies: every change a drift check finds is reported (store policies at "
            + "/rests/data/sextant-drift:drift-policies)\n", DriftPolicyListCommand.render(List.of()));
    }

    @Test
    void eachEntryShowsItsTemplateValuesAndLastFailure() {
        assertEquals("""
            cpe-1  template port  then commit  description=site 1  ifname=eth1
            cpe-2  template port  (not committed)  ifname=eth2
                last attempt failed at 2026-12-07T11:00:00Z: Variable 'description' has no value
            """, PreProvisionedListCommand.render(List.of(
                new PreProvisionedNode("cpe-1", "port", Map.of("ifname", "eth1", "description", "site 1"), true,
                    null),
                new PreProvisionedNode("cpe-2", "port", Map.of("ifname", "eth2"), false,
                    "2026-12-07T11:00:00Z: Variable 'description' has no value"))));
    }
}
