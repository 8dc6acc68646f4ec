package io.sextant.southbound.cli.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.pipeline.CliEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The command sequences against a scripted device: which lines go out, what a rejection does. */
class CliDialoguesTest {
    private static final CliDialect DIALECT = CliDialect.defaults();

    /** Answers every line at once; rejects the lines in {@code rejected}; enters config mode unless told not to. */
    private static final class ScriptedDevice implements CliDialogues.Commands {
        final List<String> sent = new ArrayList<>();
        private final Set<String> rejected;
        private final boolean entersConfig;
        private String prompt = "r1#";

        ScriptedDevice(final Set<String> rejected, final boolean entersConfig) {
            this.rejected = rejected;
            this.entersConfig = entersConfig;
        }

        @Override
        public CompletableFuture<CliEvent> send(final String line) {
            sent.add(line);
            if (line.equals(DIALECT.configEnter()) && entersConfig) {
                prompt = "r1(config)#";
            } else if (line.equals(DIALECT.configExit())) {
                prompt = "r1#";
            }
            return CompletableFuture.completedFuture(rejected.contains(line)
                ? new CliEvent.DeviceError("% Unknown command", "% Unknown command", prompt)
                : new CliEvent.Reply("output of " + line, prompt));
        }

        @Override
        public String prompt() {
            return prompt;
        }
    }

    @Test
    void configureStopsAtTheFirstRejectedLineLeavesConfigModeAndNamesTheAppliedLines() {
        final ScriptedDevice device = new ScriptedDevice(Set.of("bad"), true);
        final ExecutionException failure = assertThrows(ExecutionException.class,
            () -> new CliDialogues(DIALECT, device).configure(List.of("one", " ", "bad", "never")).get());

        final CliCommandException rejected = assertInstanceOf(CliCommandException.class, failure.getCause());
        assertEquals("bad", rejected.command());
        assertEquals(1, rejected.lineIndex());
        assertEquals(List.of("one"), rejected.appliedLines());
        assertEquals(List.of(DIALECT.configEnter(), "one", "bad", DIALECT.configExit()), device.sent);
    }

    @Test
    void configureAllGoesOnPastRejectedLinesAndReportsEach() throws Exception {
        final ScriptedDevice device = new ScriptedDevice(Set.of("bad1", "bad2"), true);
        final List<CliCommandException> rejected = new CliDialogues(DIALECT, device)
            .configureAll(List.of("bad1", "skipped", "bad2", "two"), index -> index == 0 ? 2 : index + 1).get();

        assertEquals(List.of("bad1", "bad2"), rejected.stream().map(CliCommandException::command).toList());
        assertEquals(List.of(0, 2), rejected.stream().map(CliCommandException::lineIndex).toList());
        assertEquals(List.of(DIALECT.configEnter(), "bad1", "bad2", "two", DIALECT.configExit()), device.sent);
    }

    @Test
    void aDeviceThatDoesNotEnterConfigModeGetsNoConfigurationLines() {
        final ScriptedDevice device = new ScriptedDevice(Set.of(), false);
        final ExecutionException failure = assertThrows(ExecutionException.class,
            () -> new CliDialogues(DIALECT, device).configure(List.of("one")).get());

        assertTrue(failure.getCause().getMessage().contains("did not enter configuration mode"),
            failure.getCause().getMessage());
        assertEquals(List.of(DIALECT.configEnter()), device.sent);
    }

    @Test
    void aListOfCommandsEndsAtTheFirstRejection() {
        final ScriptedDevice device = new ScriptedDevice(Set.of("show bad"), true);
        final ExecutionException failure = assertThrows(ExecutionException.class,
            () -> new CliDialogues(DIALECT, device).commands(List.of("show a", "show bad", "show c")).get());

        assertEquals("show bad", assertInstanceOf(CliCommandException.class, failure.getCause()).command());
        assertEquals(List.of("show a", "show bad"), device.sent);
    }
}
