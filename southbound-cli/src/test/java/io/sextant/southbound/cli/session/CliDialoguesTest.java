package io.sextant.southbound.cli.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.pipeline.CliEvent;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import io.sextant.spi.OperationErrorsException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;

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
        public CompletableFuture<CliEvent> send(final String line, final @Nullable Pattern expect,
                final Duration timeout) {
            if (expect != null && line.equals("clear counters")) {
                sent.add(line);
                return CompletableFuture.completedFuture(new CliEvent.Reply("", "Clear counters [confirm]"));
            }
            if (line.equals("conf t") && entersConfig) {
                sent.add(line);
                prompt = "r1(config)#";
                return CompletableFuture.completedFuture(new CliEvent.Reply("", prompt));
            }
            return send(line);
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

    @Test
    void anExchangeAnswersAnExpectedQuestionWithTheNextStep() throws Exception {
        final ScriptedDevice device = new ScriptedDevice(Set.of(), true);
        final List<CliStepOutput> outputs = new CliDialogues(DIALECT, device).exchange(List.of(
            new CliStep("clear counters", Pattern.compile("\\[confirm\\]")), CliStep.command("")),
            Duration.ofSeconds(1), false).get();

        assertEquals(List.of("clear counters", ""), device.sent);
        assertEquals(List.of(new CliStepOutput("clear counters", "", "Clear counters [confirm]", null),
            new CliStepOutput("", "output of ", "r1#", null)), outputs);
    }

    @Test
    void anExchangeStopsAfterARejectedStep() throws Exception {
        final ScriptedDevice device = new ScriptedDevice(Set.of("bad"), true);
        final List<CliStepOutput> outputs = new CliDialogues(DIALECT, device).exchange(List.of(
            CliStep.command("show one"), CliStep.command("bad"), CliStep.command("never")), Duration.ofSeconds(1),
            false).get();

        assertEquals(List.of("show one", "bad"), device.sent);
        assertEquals("% Unknown command", outputs.get(1).error());
    }

    @Test
    void aStepThatReachesAConfigurationPromptUnaskedLeavesItAndSendsNothingMore() {
        final ScriptedDevice device = new ScriptedDevice(Set.of(), true);
        final ExecutionException failure = assertThrows(ExecutionException.class, () -> new CliDialogues(DIALECT,
            device).exchange(List.of(CliStep.command("conf t"), CliStep.command("hostname x")), Duration.ofSeconds(1),
            false).get());

        assertEquals(List.of("conf t", DIALECT.configExit()), device.sent);
        final OperationErrorsException refused = assertInstanceOf(OperationErrorsException.class, failure.getCause());
        assertEquals(ErrorTag.INVALID_VALUE, refused.errors().get(0).tag());
        assertEquals("r1#", device.prompt());
    }

    @Test
    void anExchangeAllowedIntoConfigurationModeEndsInExecMode() throws Exception {
        final ScriptedDevice device = new ScriptedDevice(Set.of(), true);
        new CliDialogues(DIALECT, device).exchange(List.of(CliStep.command("conf t"), CliStep.command("hostname x")),
            Duration.ofSeconds(1), true).get();

        assertEquals(List.of("conf t", "hostname x", DIALECT.configExit()), device.sent);
        assertEquals("r1#", device.prompt());
    }
}
