package io.sextant.southbound.cli.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.southbound.cli.CliTransportType;
import io.sextant.testing.frr.FrrRouter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * Telnet sessions against zebra's own vty of a real FRR router: option negotiation, the
 * {@code Password:} login, {@code enable} from the {@code name>} prompt, configuration.
 */
class FrrTelnetSessionTest {
    private static FrrRouter router;
    private static DefaultCliConnector connector;

    @BeforeAll
    static void startRouter() {
        router = FrrRouter.builder().namePrefix("tn").interfaces(1).telnet(true).start();
        connector = new DefaultCliConnector(1);
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

    private static CliSessionParameters telnet(final String password) {
        return CliSessionParameters.ssh(router.telnetHost(), router.telnetPort(), "", password)
            .withTransport(CliTransportType.TELNET)
            .withCommandTimeout(Duration.ofSeconds(10));
    }

    @Test
    void logsInEnablesAndConfiguresOverTelnet() {
        try (CliSession session = connector.connect(telnet(router.password())).toCompletableFuture().join()) {
            assertEquals(router.name() + "#", session.prompt());
            assertTrue(session.execute("show version").toCompletableFuture().join().startsWith("FRRouting"));

            session.configure(List.of("interface eth0", "description set over telnet", "exit"))
                .toCompletableFuture().join();
            assertTrue(router.runningConfig().contains("interface eth0\n description set over telnet"));

            final CompletionException failed = assertThrows(CompletionException.class,
                () -> session.configure(List.of("interface eth0", "bogus")).toCompletableFuture().join());
            final CliCommandException rejected = assertInstanceOf(CliCommandException.class, failed.getCause());
            assertEquals("% [ZEBRA] Unknown command: bogus", rejected.getMessage());
            assertEquals(router.name() + "#", session.prompt());
        }
    }

    @Test
    void wrongPasswordIsReportedAsAccessDenied() {
        final CompletionException failed = assertThrows(CompletionException.class,
            () -> connector.connect(telnet("wrong")).toCompletableFuture().join());
        final OperationErrorsException error = assertInstanceOf(OperationErrorsException.class, failed.getCause());
        assertEquals(ErrorTag.ACCESS_DENIED, error.errors().get(0).tag());
    }
}
