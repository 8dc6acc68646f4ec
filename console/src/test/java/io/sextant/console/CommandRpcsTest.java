package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.ControllerSchema;
import io.sextant.southbound.cli.CliStep;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** Each command that stands for an RPC names one the controller's schema has: NACM checks that RPC. */
class CommandRpcsTest {

    @Test
    void theHistoryCommandsStandForTheirSextantHistoryRpcs() {
        final EffectiveModelContext schema = ControllerSchema.get();
        final List<RpcCommand> commands = List.of(new RevertCommand(), new HistoryCommand(), new HistoryReadCommand(),
            new HistoryDiffCommand());
        assertEquals(List.of("revert-changes", "list-history", "read-history", "compare-history"), commands.stream()
            .map(c -> c.rpc().getLocalName()).toList());
        for (RpcCommand command : commands) {
            final QName rpc = command.rpc();
            assertTrue(schema.findModule(rpc.getModule()).orElseThrow().getRpcs().stream()
                .anyMatch(definition -> definition.getQName().equals(rpc)), rpc + " is an RPC of the schema");
        }
    }

    @Test
    void theGateCommandsStandForTheirSextantGateRpcs() {
        final EffectiveModelContext schema = ControllerSchema.get();
        final List<RpcCommand> commands = List.of(new ConfirmCommitCommand(), new CancelCommitCommand());
        assertEquals(List.of("confirm-commit", "cancel-commit"), commands.stream().map(c -> c.rpc().getLocalName())
            .toList());
        for (RpcCommand command : commands) {
            final QName rpc = command.rpc();
            assertTrue(schema.findModule(rpc.getModule()).orElseThrow().getRpcs().stream()
                .anyMatch(definition -> definition.getQName().equals(rpc)), rpc + " is an RPC of the schema");
        }
    }

    @Test
    void theCopyCommandStandsForCopyOneToMany() {
        final QName rpc = new CopyCommand().rpc();
        assertEquals(QName.create(ControllerSchema.UNICONFIG_MANAGER, "copy-one-to-many"), rpc);
        assertTrue(ControllerSchema.get().findModule(rpc.getModule()).orElseThrow().getRpcs().stream()
            .anyMatch(definition -> definition.getQName().equals(rpc)), rpc + " is an RPC of the schema");
    }

    @Test
    void theCliExecCommandStandsForExecuteAndRead() {
        final QName rpc = new CliExecCommand().rpc();
        assertEquals(QName.create(ControllerSchema.CLI_TOPOLOGY, "execute-and-read"), rpc);
        assertTrue(ControllerSchema.get().findModule(rpc.getModule()).orElseThrow().getRpcs().stream()
            .anyMatch(definition -> definition.getQName().equals(rpc)), rpc + " is an RPC of the schema");
    }

    @Test
    void theCliExecCommandWithExpectStepsStandsForExecuteAndExpect() {
        final CliExecCommand command = new CliExecCommand();
        command.expects = List.of("1=\\[confirm\\]");
        final QName rpc = command.rpc();
        assertEquals(QName.create(ControllerSchema.CLI_TOPOLOGY, "execute-and-expect"), rpc);
        assertTrue(ControllerSchema.get().findModule(rpc.getModule()).orElseThrow().getRpcs().stream()
            .anyMatch(definition -> definition.getQName().equals(rpc)), rpc + " is an RPC of the schema");
    }

    @Test
    void expectStepsAreTheirCommandsWithTheAnswerAwaited() {
        final List<CliStep> steps = CliExecCommand.steps(List.of("copy running-config startup-config", "y",
            "show version"), List.of("1=\\[confirm\\]|Destination filename"));
        assertEquals(List.of("copy running-config startup-config", "y", "show version"),
            steps.stream().map(CliStep::line).toList());
        assertEquals("\\[confirm\\]|Destination filename", steps.get(0).expect().pattern());
        assertEquals(null, steps.get(1).expect());
        assertEquals(null, steps.get(2).expect());

        assertEquals("--expect takes n=regex with n the number of a command (1 to 1), not '2=x'",
            assertThrows(IllegalArgumentException.class, () -> CliExecCommand.steps(List.of("show version"),
                List.of("2=x"))).getMessage());
        assertEquals("--expect takes n=regex, not 'x'", assertThrows(IllegalArgumentException.class,
            () -> CliExecCommand.steps(List.of("show version"), List.of("x"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CliExecCommand.steps(List.of("a", "b"),
            List.of("1=["))).getMessage().startsWith("--expect 1=[: not a regular expression"));
    }
}
