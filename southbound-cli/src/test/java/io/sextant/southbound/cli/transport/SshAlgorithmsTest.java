package io.sextant.southbound.cli.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.security.hostkeys.HostKeyCheck;
import io.sextant.testing.SshHostKeyType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.cipher.Cipher;
import org.apache.sshd.common.kex.BuiltinDHFactories;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.mac.BuiltinMacs;
import org.apache.sshd.common.mac.Mac;
import org.apache.sshd.common.signature.BuiltinSignatures;
import org.apache.sshd.common.signature.Signature;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.ServerBuilder;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.server.session.ServerSession;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * The CLI's SSH client against servers that offer a single algorithm of one kind: every host key
 * type, key exchange, cipher and MAC a stock OpenSSH 9 server offers by default and Apache sshd
 * implements (not sntrup761x25519-sha512 and the umac MACs, which OpenSSH offers beside the
 * others and Apache sshd 2.12 has not). The server (in-process Apache sshd) reports what was
 * negotiated, so each case proves the client used that algorithm.
 */
class SshAlgorithmsTest {
    private static final String USER = "operator";
    private static final String PASSWORD = "secret";

    @TempDir
    static Path keys;
    private static SshClient client;

    @BeforeAll
    static void startClient() {
        client = SshTransport.newClient();
        client.start();
    }

    @AfterAll
    static void stopClient() {
        client.stop();
    }

    @ParameterizedTest
    @EnumSource(SshHostKeyType.class)
    void acceptsAServerWhoseOnlyHostKeyIsOfThisType(final SshHostKeyType type) throws Exception {
        final ServerSession session = echoOver(type, server -> { });
        assertEquals(type.signatures().get(0), session.getNegotiatedKexParameter(KexProposalOption.SERVERKEYS));
    }

    @ParameterizedTest
    @ValueSource(strings = {"rsa-sha2-512", "rsa-sha2-256"})
    void signsWithEitherSha2RsaAlgorithm(final String algorithm) throws Exception {
        final ServerSession session = echoOver(SshHostKeyType.RSA,
            server -> server.setSignatureFactories(List.<NamedFactory<Signature>>of(
                BuiltinSignatures.fromFactoryName(algorithm))));
        assertEquals(algorithm, session.getNegotiatedKexParameter(KexProposalOption.SERVERKEYS));
    }

    @ParameterizedTest
    @ValueSource(strings = {"curve25519-sha256", "curve25519-sha256@libssh.org", "ecdh-sha2-nistp256",
        "ecdh-sha2-nistp384", "ecdh-sha2-nistp521", "diffie-hellman-group-exchange-sha256",
        "diffie-hellman-group16-sha512", "diffie-hellman-group18-sha512", "diffie-hellman-group14-sha256"})
    void agreesOnThisKeyExchange(final String algorithm) throws Exception {
        final BuiltinDHFactories factory = BuiltinDHFactories.fromFactoryName(algorithm);
        assertNotNull(factory, algorithm);
        final ServerSession session = echoOver(SshHostKeyType.ED25519, server -> server.setKeyExchangeFactories(
            NamedFactory.setUpTransformedFactories(false, List.of(factory), ServerBuilder.DH2KEX)));
        assertEquals(algorithm, session.getNegotiatedKexParameter(KexProposalOption.ALGORITHMS));
    }

    @ParameterizedTest
    @ValueSource(strings = {"chacha20-poly1305@openssh.com", "aes128-gcm@openssh.com", "aes256-gcm@openssh.com",
        "aes128-ctr", "aes192-ctr", "aes256-ctr"})
    void agreesOnThisCipher(final String algorithm) throws Exception {
        final ServerSession session = echoOver(SshHostKeyType.ED25519, server -> server.setCipherFactories(
            List.<NamedFactory<Cipher>>of(BuiltinCiphers.fromFactoryName(algorithm))));
        assertEquals(algorithm, session.getNegotiatedKexParameter(KexProposalOption.C2SENC));
        assertEquals(algorithm, session.getNegotiatedKexParameter(KexProposalOption.S2CENC));
    }

    @ParameterizedTest
    @ValueSource(strings = {"hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com",
        "hmac-sha2-256", "hmac-sha2-512"})
    void agreesOnThisMac(final String algorithm) throws Exception {
        final ServerSession session = echoOver(SshHostKeyType.ED25519, server -> {
            // an AEAD cipher needs no MAC
            server.setCipherFactories(List.<NamedFactory<Cipher>>of(BuiltinCiphers.aes128ctr));
            server.setMacFactories(List.<NamedFactory<Mac>>of(BuiltinMacs.fromFactoryName(algorithm)));
        });
        assertEquals(algorithm, session.getNegotiatedKexParameter(KexProposalOption.C2SMAC));
    }

    @Test
    void aServerWithNoAlgorithmInCommonIsReportedAsAKeyExchangeFailureNotAsAWrongPassword() throws Exception {
        final BuiltinDHFactories sha1Group1 = BuiltinDHFactories.fromFactoryName("diffie-hellman-group1-sha1");
        final SshServer server = server(SshHostKeyType.ED25519, s -> s.setKeyExchangeFactories(
            NamedFactory.setUpTransformedFactories(false, List.of(sha1Group1), ServerBuilder.DH2KEX)));
        try {
            final ExecutionException failed = assertThrows(ExecutionException.class, () -> SshTransport.open(client,
                "127.0.0.1", server.getPort(), USER, PASSWORD, HostKeyCheck.ANY, new Received())
                .toCompletableFuture().get(30, TimeUnit.SECONDS));
            final OperationErrorsException error = assertInstanceOf(OperationErrorsException.class, failed.getCause());
            assertEquals(ErrorTag.OPERATION_FAILED, error.errors().get(0).tag());
            final String message = error.errors().get(0).message();
            assertTrue(message.startsWith("SSH key exchange with 127.0.0.1:" + server.getPort() + " failed: "
                + "Unable to negotiate key exchange for kex algorithms"), message);
            assertTrue(message.contains("server: diffie-hellman-group1-sha1"), message);
        } finally {
            server.stop(true);
        }
    }

    /**
     * Start a server with one host key of {@code type}, restricted further by {@code restrict},
     * open the product's SSH transport to it, check a line comes back from its shell, and return
     * the server's side of the session.
     */
    private static ServerSession echoOver(final SshHostKeyType type, final Consumer<SshServer> restrict)
            throws Exception {
        final SshServer server = server(type, restrict);
        try {
            final Received received = new Received();
            final CliTransport transport;
            try {
                transport = SshTransport.open(client, "127.0.0.1", server.getPort(), USER, PASSWORD, HostKeyCheck.ANY,
                    received)
                    .toCompletableFuture().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                throw new AssertionError("No session to a server offering " + describe(server) + ": "
                    + e.getCause().getMessage(), e.getCause());
            }
            try {
                transport.write("show version\n");
                assertEquals("show version\n", received.line.get(30, TimeUnit.SECONDS));
                final List<ServerSession> sessions = server.getActiveSessions().stream()
                    .map(ServerSession.class::cast).toList();
                assertEquals(1, sessions.size());
                return sessions.get(0);
            } finally {
                transport.close();
            }
        } finally {
            server.stop(true);
        }
    }

    /** A started server with an echo shell and one host key of {@code type}, restricted further by {@code restrict}. */
    private static SshServer server(final SshHostKeyType type, final Consumer<SshServer> restrict) throws IOException {
        final SshServer server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        final SimpleGeneratorHostKeyProvider hostKey = new SimpleGeneratorHostKeyProvider(
            Files.createTempFile(keys, type.keygenType(), ".key"));
        hostKey.setAlgorithm(type.javaAlgorithm());
        hostKey.setKeySize(type.bits());
        server.setKeyPairProvider(hostKey);
        server.setSignatureFactories(type.signatures().stream()
            .<NamedFactory<Signature>>map(BuiltinSignatures::fromFactoryName).toList());
        server.setPasswordAuthenticator((user, password, session) -> USER.equals(user) && PASSWORD.equals(password));
        server.setShellFactory(channel -> new EchoShell());
        restrict.accept(server);
        server.start();
        return server;
    }

    private static String describe(final SshServer server) {
        return "host keys " + NamedResource.getNames(server.getSignatureFactories()) + ", key exchanges "
            + NamedResource.getNames(server.getKeyExchangeFactories()) + ", ciphers "
            + NamedResource.getNames(server.getCipherFactories()) + ", MACs "
            + NamedResource.getNames(server.getMacFactories());
    }

    /** Completes with the first line the transport delivers. */
    private static final class Received implements TransportListener {
        private final StringBuilder text = new StringBuilder();
        final CompletableFuture<String> line = new CompletableFuture<>();

        @Override
        public synchronized void received(final String chunk) {
            text.append(chunk);
            final int end = text.indexOf("\n");
            if (end >= 0) {
                line.complete(text.substring(0, end + 1));
            }
        }

        @Override
        public void closed(final @Nullable Throwable cause) {
            line.completeExceptionally(new CompletionException("closed before a line came back", cause));
        }
    }

    /** A shell that sends back whatever it reads. */
    private static final class EchoShell implements Command {
        private InputStream in;
        private OutputStream out;
        private ExitCallback exit;
        private Thread thread;

        @Override
        public void setInputStream(final InputStream newIn) {
            this.in = newIn;
        }

        @Override
        public void setOutputStream(final OutputStream newOut) {
            this.out = newOut;
        }

        @Override
        public void setErrorStream(final OutputStream err) {
            // nothing goes to stderr
        }

        @Override
        public void setExitCallback(final ExitCallback callback) {
            this.exit = callback;
        }

        @Override
        public void start(final ChannelSession channel, final Environment environment) {
            thread = new Thread(() -> {
                final byte[] buffer = new byte[1024];
                try {
                    for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                        out.write(buffer, 0, read);
                        out.flush();
                    }
                    exit.onExit(0);
                } catch (IOException e) {
                    exit.onExit(1, e.getMessage());
                }
            }, "echo-shell");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void destroy(final ChannelSession channel) {
            if (thread != null) {
                thread.interrupt();
            }
        }
    }
}
