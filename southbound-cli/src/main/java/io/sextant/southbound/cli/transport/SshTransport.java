package io.sextant.southbound.cli.transport;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.security.hostkeys.HostKeyCheck;
import io.sextant.security.hostkeys.HostKeyVerdict;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.AttributeRepository.AttributeKey;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * A CLI over an SSH shell channel with a pseudo-terminal (Apache MINA sshd client), password
 * authentication. The terminal is very wide so that devices do not wrap echoed commands.
 */
public final class SshTransport implements CliTransport {
    private static final int PTY_COLUMNS = 1000;
    private static final int PTY_LINES = 500;
    /** The host-key check of one connection, in its connection context. */
    private static final AttributeKey<HostKeyGate> HOST_KEYS = new AttributeKey<>();

    private final ClientSession session;
    private final OutputStream input;
    private final TransportListener listener;
    private final AtomicBoolean closing = new AtomicBoolean();

    private SshTransport(final ClientSession session, final ChannelShell shell, final TransportListener listener) {
        this.session = session;
        this.input = shell.getInvertedIn();
        this.listener = listener;
    }

    /**
     * A client for many transports; uses no key files or ~/.ssh/config. Each connection's host
     * key is checked by the {@link HostKeyCheck} given to {@link #open}. The caller starts and
     * stops it.
     *
     * <p>It offers every algorithm Apache sshd's defaults hold, which covers what a stock
     * OpenSSH 9 server offers: curve25519, ECDH and SHA-2 Diffie-Hellman key exchanges;
     * ssh-ed25519 (with net.i2p.crypto:eddsa on the class path, or wired into Karaf's sshd
     * bundle), ECDSA and SHA-2 RSA host keys; chacha20-poly1305, AES-GCM and AES-CTR ciphers;
     * SHA-2 MACs. SHA-1 key exchanges are not offered.
     */
    public static SshClient newClient() {
        final SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier((clientSession, remoteAddress, serverKey) -> {
            final AttributeRepository context = clientSession.getConnectionContext();
            final HostKeyGate gate = context == null ? null : context.getAttribute(HOST_KEYS);
            // a session opened without a check (never by open) is refused
            return gate != null && gate.accepts(serverKey);
        });
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        return client;
    }

    /** Connect, authenticate and open a shell; the stage fails with an {@link OperationErrorsException}. */
    public static CompletionStage<CliTransport> open(final SshClient client, final String host, final int port,
            final String username, final String password, final HostKeyCheck hostKeys,
            final TransportListener listener) {
        final CompletableFuture<CliTransport> result = new CompletableFuture<>();
        final ConnectFuture connect;
        final HostKeyGate gate = new HostKeyGate(hostKeys);
        try {
            connect = client.connect(username, host, port, AttributeRepository.ofKeyValuePair(HOST_KEYS, gate));
        } catch (IOException e) {
            result.completeExceptionally(failure("Cannot connect to " + host + ":" + port, e));
            return result;
        }
        connect.addListener(connected -> {
            if (!connected.isConnected()) {
                result.completeExceptionally(failure("Cannot connect to " + host + ":" + port,
                    connected.getException()));
                return;
            }
            final ClientSession session = connected.getClientSession();
            session.addPasswordIdentity(password);
            try {
                session.auth().addListener(auth -> {
                    if (!auth.isSuccess()) {
                        // no session id: the key exchange never completed (no common algorithm, or
                        // the server hung up), so the password was never even tried
                        final boolean negotiated = session.getSessionId() != null;
                        session.close(true);
                        final Throwable cause = auth.getException();
                        result.completeExceptionally(negotiated ? new OperationErrorsException(List.of(
                            OperationError.of(ErrorType.TRANSPORT, ErrorTag.ACCESS_DENIED,
                                "SSH authentication of " + username + " at " + host + ":" + port + " failed"
                                    + (cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage()))),
                            cause) : gate.refusal().map(refused -> new OperationErrorsException(List.of(
                                OperationError.of(ErrorType.TRANSPORT, ErrorTag.ACCESS_DENIED, refused)), cause))
                            .orElseGet(() -> failure("SSH key exchange with " + host + ":" + port + " failed",
                                cause)));
                        return;
                    }
                    openShell(session, listener, result);
                });
            } catch (IOException e) {
                session.close(true);
                result.completeExceptionally(failure("SSH authentication at " + host + ":" + port + " failed", e));
            }
        });
        // closing the future's transport when the caller gave up (cancelled or timed out the stage)
        result.whenComplete((transport, error) -> {
            if (error != null && connect.isConnected()) {
                connect.getClientSession().close(true);
            } else if (error != null) {
                connect.cancel();
            }
        });
        return result;
    }

    private static void openShell(final ClientSession session, final TransportListener listener,
            final CompletableFuture<CliTransport> result) {
        try {
            final ChannelShell shell = session.createShellChannel();
            shell.setPtyType("vt100");
            shell.setPtyColumns(PTY_COLUMNS);
            shell.setPtyLines(PTY_LINES);
            final OutputStream sink = new ListenerStream(listener);
            shell.setOut(sink);
            shell.setErr(sink);
            shell.open().addListener(opened -> {
                if (!opened.isOpened()) {
                    session.close(true);
                    result.completeExceptionally(failure("Device refused a shell channel", opened.getException()));
                    return;
                }
                final SshTransport transport = new SshTransport(session, shell, listener);
                // the shell ends when the device logs the user out; the SSH session may outlive it
                shell.addCloseFutureListener(closed -> transport.reportClosed());
                session.addCloseFutureListener(closed -> transport.reportClosed());
                if (!result.complete(transport)) {
                    session.close(true);
                }
            });
        } catch (IOException e) {
            session.close(true);
            result.completeExceptionally(failure("Cannot open a shell channel", e));
        }
    }

    @Override
    public void write(final String text) {
        try {
            input.write(text.getBytes(StandardCharsets.UTF_8));
            input.flush();
        } catch (IOException e) {
            if (closing.compareAndSet(false, true)) {
                session.close(true);
                listener.closed(e);
            }
        }
    }

    @Override
    public void close() {
        if (closing.compareAndSet(false, true)) {
            session.close(false);
            listener.closed(null);
        }
    }

    private void reportClosed() {
        if (closing.compareAndSet(false, true)) {
            session.close(true);
            listener.closed(new IOException("The device closed the SSH session"));
        }
    }

    private static OperationErrorsException failure(final String message, final @Nullable Throwable cause) {
        final String detail = cause == null || cause.getMessage() == null ? message
            : message + ": " + cause.getMessage();
        return new OperationErrorsException(List.of(OperationError.of(
            ErrorType.TRANSPORT, ErrorTag.OPERATION_FAILED, detail)), cause);
    }

    /** One connection's host-key check and, once it refused a key, why. */
    private static final class HostKeyGate {
        private final HostKeyCheck check;
        private volatile @Nullable String refusal;

        HostKeyGate(final HostKeyCheck check) {
            this.check = check;
        }

        boolean accepts(final PublicKey key) {
            final HostKeyVerdict verdict = check.check(key);
            if (!verdict.accepted()) {
                refusal = verdict.message();
            }
            return verdict.accepted();
        }

        Optional<String> refusal() {
            return Optional.ofNullable(refusal);
        }
    }

    /** Hands channel output to the listener as text. */
    private static final class ListenerStream extends OutputStream {
        private final TransportListener listener;
        private final TextDecoder decoder = new TextDecoder();

        ListenerStream(final TransportListener listener) {
            this.listener = listener;
        }

        @Override
        public void write(final int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(final byte[] bytes, final int offset, final int length) {
            final String text = decoder.decode(bytes, offset, length);
            if (!text.isEmpty()) {
                listener.received(text);
            }
        }
    }
}
