package io.sextant.southbound.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Which exec commands a dialect takes as entering configuration mode or changing the configuration. */
class CliDialectTest {
    private static final CliDialect DEFAULTS = CliDialect.defaults();

    @Test
    void configureTerminalAndItsAbbreviationsChangeTheConfiguration() {
        for (String command : List.of("configure terminal", "conf t", "CONF T", "  config   terminal ", "configure",
                "configure replace flash:x.cfg", "confi t", "copy tftp://h/x running-config",
                "copy startup-config system:running-config")) {
            assertTrue(DEFAULTS.changesConfiguration(command), command);
        }
    }

    @Test
    void showAndOtherExecCommandsDoNot() {
        for (String command : List.of("show running-config", "show version", "con", "connect 10.0.0.1", "",
                "copy running-config startup-config", "write memory", "ping 10.0.0.1")) {
            assertFalse(DEFAULTS.changesConfiguration(command), command);
        }
    }

    @Test
    void aDialectNamesItsOwnConfigurationCommands() {
        final CliDialect junosLike = CliDialect.defaults().toBuilder().configEnter("edit")
            .addConfigCommand(Pattern.compile("load (merge|override) .*")).build();

        assertTrue(junosLike.changesConfiguration("edit"));
        assertTrue(junosLike.changesConfiguration("load merge terminal"));
        assertFalse(junosLike.changesConfiguration("conf t"));
    }
}
