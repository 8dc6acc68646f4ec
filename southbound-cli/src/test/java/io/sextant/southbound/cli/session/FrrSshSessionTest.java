package io.sextant.southbound.cli.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import io.sextant.testing.frr.FrrRouter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/** Sessions against a real FRR router over SSH; the router is checked directly through vtysh. */
class FrrSshSessionTest {
    private static FrrRouter router;
    private static DefaultCliConnector connector;

    @BeforeAll
    static void startRouter() {
        router = FrrRouter.builder().namePrefix("ss").interfaces(2).start();
        connector = new DefaultCliConnector(2);
    }

    @AfterAll
    static void stopRouter() {
        if (connector != null) {
            connector.close();
        }
        if (router != null) {
            router.close();
        }
    }

    private static CliSessionParameters parameters() {
        return CliSessionParameters.ssh(router.sshHost(), router.sshPort(), router.username(), router.password())
            .withCommandTimeout(Duration.ofSeconds(10))
            .withDialect(CliDialect.defaults().toBuilder()
                .addConfigError(Pattern.compile("BGP is already running.*")).build());
    }

    private static <T> T await(final CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    private static Throwable failure(final CompletionStage<?> stage) {
        final CompletionException e = assertThrows(CompletionException.class, () -> stage.toCompletableFuture().join());
        return e.getCause();
    }

    @Test
    void executeReturnsOutputWithoutEchoAndPrompt() {
        try (CliSession session = await(connector.connect(parameters()))) {
            assertEquals(router.name() + "#", session.prompt());
            final String version = await(session.execute("show version"));
            assertTrue(version.startsWith("FRRouting 8."), version);
            assertFalse(version.contains("show version"));
            assertFalse(version.contains(router.name() + "#"));

            final String running = await(session.execute("show running-config"));
            assertEquals(router.runningConfig().strip(), running.strip());
        }
    }

    @Test
    void configureAppliesLinesThroughSubModesAndReturnsToExecMode() {
        try (CliSession session = await(connector.connect(parameters()))) {
            await(session.configure(List.of("interface eth1", "description configured over ssh",
                "ip address 198.51.100.1/24", "exit", "router bgp 65077", "neighbor 198.51.100.2 remote-as 65078",
                "address-family ipv4 unicast", "neighbor 198.51.100.2 activate", "exit-address-family", "exit")));
            assertEquals(router.name() + "#", session.prompt());
            final String config = router.runningConfig();
            assertTrue(config.contains("interface eth1\n description configured over ssh\n ip address 198.51.100.1/24"),
                config);
            assertTrue(config.contains("router bgp 65077\n neighbor 198.51.100.2 remote-as 65078"), config);
            router.configure("no router bgp 65077", "interface eth1", "no description",
                "no ip address 198.51.100.1/24");
        }
    }

    @Test
    void rejectedLineStopsTheBatchReportsTheDeviceTextAndLeavesConfigMode() {
        try (CliSession session = await(connector.connect(parameters()))) {
            final Throwable error = failure(session.configure(List.of("interface eth0",
                "description before the error", "ip address 300.1.1.1/24", "description never applied")));
            final CliCommandException rejected = assertInstanceOf(CliCommandException.class, error);
            assertEquals("% Unknown command: ip address 300.1.1.1/24", rejected.getMessage());
            assertEquals("ip address 300.1.1.1/24", rejected.command());
            assertEquals(2, rejected.lineIndex());
            assertEquals(List.of("interface eth0", "description before the error"), rejected.appliedLines());
            assertEquals(ErrorTag.OPERATION_FAILED, rejected.errors().get(0).tag());
            assertEquals("line 3: ip address 300.1.1.1/24", rejected.errors().get(0).info());

            assertEquals(router.name() + "#", session.prompt());
            assertTrue(router.runningConfig().contains(" description before the error"));
            assertFalse(router.runningConfig().contains("never applied"));
            // the session is still usable
            assertTrue(await(session.execute("show version")).startsWith("FRRouting"));
            router.configure("interface eth0", "no description");
        }
    }

    @Test
    void bestEffortBatchGoesOnAfterRejectionsAndSkipsTheBlockOfARejectedModeCommand() {
        try (CliSession session = await(connector.connect(parameters()))) {
            // line 3 would open a block (lines 3-5); when it is rejected, sending goes on at line 6
            final List<String> lines = List.of("interface eth1", "description best effort", "exit",
                "interface name-longer-than-fifteen", "description skipped", "exit",
                "bogus command", "interface eth1", "no description", "description second", "exit");
            final List<CliCommandException> rejected = await(session.configureAll(lines,
                index -> index == 3 ? 6 : index + 1));
            assertEquals(List.of(3, 6), rejected.stream().map(CliCommandException::lineIndex).toList());
            assertEquals("% Unknown command: bogus command", rejected.get(1).getMessage());
            assertEquals(router.name() + "#", session.prompt());
            assertTrue(router.runningConfig().contains("interface eth1\n description second\nexit"));
            assertFalse(router.runningConfig().contains("skipped"));
            router.configure("interface eth1", "no description");
        }
    }

    @Test
    void errorWithoutPercentSignIsCaughtByTheDialectPattern() {
        router.configure("router bgp 65001");
        try (CliSession session = await(connector.connect(parameters()))) {
            final CliCommandException rejected = assertInstanceOf(CliCommandException.class,
                failure(session.configure(List.of("router bgp 65002", "bgp router-id 9.9.9.9"))));
            assertEquals("BGP is already running; AS is 65001", rejected.getMessage());
        } finally {
            router.configure("no router bgp 65001");
        }
    }

    @Test
    void severalCommandsRunAsOneJob() {
        try (CliSession session = await(connector.connect(parameters()))) {
            final List<String> outputs = await(session.execute(List.of("show version", "show running-config")));
            assertTrue(outputs.get(0).startsWith("FRRouting"), outputs.get(0));
            assertTrue(outputs.get(1).contains("hostname " + router.name()), outputs.get(1));
        }
    }

    @Test
    void unknownExecCommandFailsWithDeviceText() {
        try (CliSession session = await(connector.connect(parameters()))) {
            final CliCommandException rejected = assertInstanceOf(CliCommandException.class,
                failure(session.execute("show bogus")));
            assertEquals("% Unknown command: show bogus", rejected.getMessage());
        }
    }

    @Test
    void concurrentCallersAreServedInOrderWithoutInterleaving() {
        try (CliSession session = await(connector.connect(parameters()))) {
            final var config = session.configure(List.of("interface eth1", "description concurrent", "exit"));
            final var show = session.execute("show running-config");
            await(config);
            assertTrue(await(show).contains(" description concurrent"));
            router.configure("interface eth1", "no description");
        }
    }

    @Test
    void wrongPasswordIsRefused() {
        final CliSessionParameters wrong = CliSessionParameters.ssh(router.sshHost(), router.sshPort(),
            router.username(), "not-the-password").withCommandTimeout(Duration.ofSeconds(10));
        final OperationErrorsException error = assertInstanceOf(OperationErrorsException.class,
            failure(connector.connect(wrong)));
        assertEquals(ErrorTag.ACCESS_DENIED, error.errors().get(0).tag());
    }

    @Test
    void closingFailsLaterCommandsAndCompletesCloseFuture() {
        final CliSession session = await(connector.connect(parameters()));
        session.close();
        await(session.closeFuture());
        assertFalse(session.isOpen());
        assertInstanceOf(OperationErrorsException.class, failure(session.execute("show version")));
    }

    @Test
    void anExchangeThatReachesAConfigurationPromptUnaskedIsLeftThereAndChangesNothing() {
        final String before = router.runningConfig();
        try (CliSession session = await(connector.connect(parameters()))) {
            final Throwable refused = failure(session.exchange(List.of(CliStep.command("configure terminal"),
                CliStep.command("hostname exchanged")), Duration.ofSeconds(10), false));

            final OperationErrorsException error = assertInstanceOf(OperationErrorsException.class, refused);
            assertEquals(ErrorTag.INVALID_VALUE, error.errors().get(0).tag());
            assertEquals(router.name() + "#", session.prompt(), "back at the exec prompt");
            assertEquals(before, router.runningConfig(), "read through the router's own vtysh");
            final List<CliStepOutput> shown = await(session.exchange(List.of(CliStep.command("show version")),
                Duration.ofSeconds(10), false));
            assertTrue(shown.get(0).output().startsWith("FRRouting 8."), shown.toString());
        }
    }
}
