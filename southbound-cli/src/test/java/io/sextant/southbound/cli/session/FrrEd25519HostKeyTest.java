package io.sextant.southbound.cli.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.testing.SshHostKeyType;
import io.sextant.testing.frr.FrrRouter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real OpenSSH server that offers nothing but an ssh-ed25519 host key, as a default OpenSSH
 * installation may (OpenSSH's default key type): the CLI client logs in and runs commands.
 */
class FrrEd25519HostKeyTest {
    private static FrrRouter router;
    private static DefaultCliConnector connector;

    @BeforeAll
    static void startRouter() {
        router = FrrRouter.builder().namePrefix("ed").interfaces(0).sshHostKey(SshHostKeyType.ED25519).start();
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

    @Test
    void theRoutersSshdOffersOnlyAnEd25519HostKey() throws Exception {
        assertEquals(Set.of("ssh-ed25519"), offeredHostKeyTypes(router.sshPort()));
    }

    @Test
    void logsInAndRunsAShowCommand() {
        final CliSessionParameters parameters = CliSessionParameters.ssh(router.sshHost(), router.sshPort(),
            router.username(), router.password()).withCommandTimeout(Duration.ofSeconds(10));
        try (CliSession session = connector.connect(parameters).toCompletableFuture().join()) {
            assertEquals(router.name() + "#", session.prompt());
            final String version = session.execute("show version").toCompletableFuture().join();
            assertTrue(version.startsWith("FRRouting 8."), version);
        }
    }

    /** The key types {@code ssh-keyscan} (OpenSSH's client, independent of the product) is offered. */
    private static Set<String> offeredHostKeyTypes(final int port) throws IOException, InterruptedException {
        final Process scan = new ProcessBuilder("ssh-keyscan", "-p", Integer.toString(port), "-T", "10",
            "-t", "rsa,ecdsa,ed25519", "127.0.0.1").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        final String output = new String(scan.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(scan.waitFor(30, TimeUnit.SECONDS), "ssh-keyscan did not finish");
        return output.lines().filter(line -> !line.startsWith("#") && !line.isBlank())
            .map(line -> line.split("\\s+")[1]).collect(Collectors.toSet());
    }
}
