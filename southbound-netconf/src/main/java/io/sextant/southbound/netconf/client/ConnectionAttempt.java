package io.sextant.southbound.netconf.client;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import io.sextant.spi.DeviceSecrets;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.southbound.netconf.DeviceCapabilities;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.netconf.client.NetconfClientSession;
import org.opendaylight.netconf.client.conf.NetconfClientConfiguration;
import org.opendaylight.netconf.client.conf.NetconfClientConfiguration.NetconfClientProtocol;
import org.opendaylight.netconf.client.conf.NetconfClientConfigurationBuilder;
import org.opendaylight.netconf.transport.api.UnsupportedConfigurationException;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.crypto.types.rev240208.password.grouping.password.type.CleartextPasswordBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.IetfInetUtil;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.PortNumber;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Uri;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.client.rev240208.netconf.client.initiate.stack.grouping.transport.ssh.ssh.SshClientParametersBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.client.rev240208.netconf.client.initiate.stack.grouping.transport.ssh.ssh.TcpClientParametersBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.ssh.client.rev240208.ssh.client.grouping.ClientIdentityBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.ssh.client.rev240208.ssh.client.grouping.client.identity.PasswordBuilder;
import org.opendaylight.yangtools.yang.common.Uint16;

/**
 * The transport of one connection attempt: its {@link RpcChannel}, over SSH its
 * {@link SshWatch} (host key check, authentication and handshake failures), the client
 * configuration built from the node's settings (the password opened for this attempt only),
 * and the connect itself. What becomes of the attempt goes to its {@link Listener}; deciding
 * what that means (retry, give up, ignore a stale attempt) is the {@link NodeConnector}'s.
 */
final class ConnectionAttempt {
    private static final List<Uri> HELLO_CAPABILITIES = List.of(new Uri(DeviceCapabilities.BASE_1_0),
        new Uri(DeviceCapabilities.BASE_1_1));

    /** What becomes of an attempt. */
    interface Listener {
        /** The hello exchange is done. */
        void up(ConnectionAttempt attempt, NetconfClientSession session);

        /** The session closed (whether or not it was up). */
        void closed(String reason);

        /**
         * The attempt failed before its session was up.
         *
         * @param retry whether another attempt can succeed
         */
        void failed(String reason, boolean retry);
    }

    private final String nodeId;
    private final NodeSettings settings;
    private final ClientStack stack;
    private final Listener listener;
    private final RpcChannel channel;
    private final @Nullable SshWatch watch;

    ConnectionAttempt(final String nodeId, final NodeSettings settings, final ClientStack stack,
            final HostKeyVerifier hostKeys, final Listener listener) {
        this.nodeId = nodeId;
        this.settings = settings;
        this.stack = stack;
        this.listener = listener;
        channel = new RpcChannel(nodeId, stack.scheduler(), stack.workers());
        watch = settings.tcpOnly() ? null : new SshWatch(reason -> listener.failed(reason, true),
            hostKeys.check(nodeId, settings.hostKeys()));
    }

    /**
     * Connect; the outcome comes to the listener, never from this call (a failure to start is
     * reported from a worker thread).
     */
    void connect(final DeviceSecrets secrets) {
        channel.up().whenComplete((up, failure) -> {
            if (failure == null) {
                listener.up(this, up);
            }
        });
        channel.closed().thenAccept(listener::closed);
        final ListenableFuture<NetconfClientSession> connecting;
        try {
            connecting = stack.sessions().connect(configuration(secrets), channel.guard(stack.maxReplyBytes()),
                channel::attach);
        } catch (UnsupportedConfigurationException | RuntimeException e) {
            stack.workers().execute(() -> listener.failed("Bad connection settings: " + e.getMessage(), true));
            return;
        } catch (DeviceSecrets.Unavailable e) {
            // no attempt can succeed until the password is given again
            stack.workers().execute(() -> listener.failed(
                Objects.requireNonNullElse(e.getMessage(), "The password cannot be opened"), false));
            return;
        }
        Futures.addCallback(connecting, new FutureCallback<>() {
            @Override
            public void onSuccess(final NetconfClientSession result) {
                // up comes through the channel
            }

            @Override
            public void onFailure(final Throwable cause) {
                // A refused host key, then a device that broke the protocol during the hello: they say
                // more than the transport.
                listener.failed(Optional.ofNullable(watch).flatMap(SshWatch::refusal)
                    .or(channel::downReason).orElseGet(() -> SessionFailures.cannotConnect(cause)), true);
            }
        }, MoreExecutors.directExecutor());
    }

    RpcChannel channel() {
        return channel;
    }

    /** Completes with the reason when the session has closed. */
    CompletableFuture<String> closed() {
        return channel.closed();
    }

    /** Drop an attempt that is not connected, its SSH session too. */
    void abandon(final String reason) {
        channel.shutdown(reason);
        if (watch != null) {
            watch.close();
        }
    }

    /** Close a connected session politely (its SSH session closes with it). */
    void close() {
        channel.close(Duration.ofSeconds(2));
    }

    private NetconfClientConfiguration configuration(final DeviceSecrets secrets) throws DeviceSecrets.Unavailable {
        final NetconfClientConfigurationBuilder builder = NetconfClientConfigurationBuilder.create()
            .withName(nodeId)
            .withSessionListener(channel)
            .withOdlHelloCapabilities(HELLO_CAPABILITIES)
            .withConnectionTimeoutMillis(settings.connectionTimeout().toMillis())
            .withTcpParameters(new TcpClientParametersBuilder()
                .setRemoteAddress(IetfInetUtil.hostFor(settings.host()))
                .setRemotePort(new PortNumber(Uint16.valueOf(settings.port())))
                .build());
        if (settings.tcpOnly()) {
            return builder.withProtocol(NetconfClientProtocol.TCP).build();
        }
        final NodeSettings.Credentials login = settings.credentials();
        if (login == null) {
            throw new IllegalArgumentException("SSH needs login-password-unencrypted");
        }
        return builder.withProtocol(NetconfClientProtocol.SSH)
            .withSshParameters(new SshClientParametersBuilder()
                .setClientIdentity(new ClientIdentityBuilder()
                    .setUsername(login.username())
                    .setPassword(new PasswordBuilder()
                        .setPasswordType(new CleartextPasswordBuilder()
                            .setCleartextPassword(secrets.open(login.password()))
                            .build())
                        .build())
                    .build())
                .build())
            .withSshConfigurator(watch)
            .build();
    }
}
