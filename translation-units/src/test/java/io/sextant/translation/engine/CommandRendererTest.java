package io.sextant.translation.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Mode;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandRendererTest {
    private static final Mode BGP = Mode.of("router bgp 1", "exit");
    private static final Mode AF = Mode.of("address-family ipv4 unicast", "exit-address-family");
    private static final Mode ETH0 = Mode.of("interface eth0", "exit");

    @Test
    void modesAreEnteredOnceForConsecutiveCommandsAndLeftBeforeOthers() {
        final CliCommands first = new CliCommands().in(ETH0, "description a").in(List.of(BGP, AF), "neighbor x activate");
        final CliCommands second = new CliCommands().in(BGP, "bgp router-id 1.1.1.1").line("ip route 1.0.0.0/8 Null0");
        final CommandRenderer.Rendered rendered = CommandRenderer.render(List.of(first.entries(), second.entries()));
        assertEquals(List.of("interface eth0", "description a", "exit", "router bgp 1", "address-family ipv4 unicast",
            "neighbor x activate", "exit-address-family", "bgp router-id 1.1.1.1", "exit", "ip route 1.0.0.0/8 Null0"),
            rendered.lines());
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 1, 1, 1, 1), rendered.groups());
        // a rejected "router bgp 1" skips to the line after its exit; other lines continue with the next
        assertEquals(List.of(3, 2, 3, 9, 7, 6, 7, 8, 9, 10), rendered.blockEnds());
        assertEquals(List.of(false, true, false, false, false, true, false, true, false, true), rendered.commands());
    }

    @Test
    void visitEntersAModeWithoutCommands() {
        final CliCommands commands = new CliCommands().visit(Mode.of("vrf blue", "exit-vrf"));
        assertEquals(List.of("vrf blue", "exit-vrf"), CommandRenderer.render(List.of(commands.entries())).lines());
    }
}
