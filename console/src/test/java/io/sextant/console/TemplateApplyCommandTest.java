package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sextant.uniconfig.TemplateService.Target;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateApplyCommandTest {
    @Test
    void valuesForEveryNodeAreOverriddenByANodesOwn() {
        assertEquals(List.of(new Target("R1", Map.of("mtu", "1500", "ifname", "eth1")),
                new Target("R2", Map.of("mtu", "9000", "ifname", "eth1"))),
            TemplateApplyCommand.targets(List.of("R1", "R2"), List.of("mtu=1500", "ifname=eth1", "R2:mtu=9000")));
    }

    @Test
    void aValueMayHoldEqualsSignsAndColons() {
        assertEquals(List.of(new Target("R1", Map.of("description", "a=b:c"))),
            TemplateApplyCommand.targets(List.of("R1"), List.of("description=a=b:c")));
    }

    @Test
    void aSettingWithoutValueIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TemplateApplyCommand.targets(List.of("R1"),
            List.of("mtu")));
    }
}
