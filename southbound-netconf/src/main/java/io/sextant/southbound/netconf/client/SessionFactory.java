package io.sextant.southbound.netconf.client;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.net.InetAddresses;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.opendaylight.netconf.client.ClientChannelInitializer;
import org.opendaylight.netconf.client.NetconfClientSession;
import org.opendaylight.netconf.client.NetconfClientSessionNegotiatorFactory;
import org.opendaylight.netconf.client.conf.NetconfClientConfiguration;
import org.opendaylight.netconf.common.NetconfTimer;
import org.opendaylight.netconf.transport.api.UnsupportedConfigurationException;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Uri;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.tcp.client.rev240208.TcpClientGrouping;

/**
 * Opens NETCONF client sessions over OpenDaylight's SSH and TCP transports with OpenDaylight's
 * session negotiation, as its {@code NetconfClientFactoryImpl} does, and in addition hands each
 * session's Netty channel to the caller as soon as the transport is up and puts an
 * {@link InboundGuard} around OpenDaylight's decoders ({@link SessionSetup}). That factory gives
 * its caller no access to the channel, so it could neither bound the size of a message nor close
 * a connection whose hello never came. Plain TCP connects on a bootstrap of OpenDaylight's
 * transport factory (same event loops and socket options) with the handlers installed before the
 * connection is made, which OpenDaylight's TCP client does not guarantee.
 */
final class SessionFactory {
    private final NetconfTimer timer;
    private final EventLoops loops;

    SessionFactory(final NetconfTimer timer, final EventLoops loops) {
        this.timer = timer;
        this.loops = loops;
    }

    /**
     * Connect and negotiate a session.
     *
     * @param configuration transport, credentials, hello capabilities, listener and hello timeout
     * @param guard watches what the device sends on this session
     * @param established told the session's channel once the transport is up, before the hello
     * @return completes with the session once the hello exchange is done
     */
    ListenableFuture<NetconfClientSession> connect(final NetconfClientConfiguration configuration,
            final InboundGuard guard, final Consumer<Channel> established) throws UnsupportedConfigurationException {
        final Set<String> capabilities = configuration.getOdlHelloCapabilities().stream().map(Uri::getValue)
            .collect(Collectors.toUnmodifiableSet());
        final SessionSetup setup = new SessionSetup(new ClientChannelInitializer(
            new NetconfClientSessionNegotiatorFactory(timer, configuration.getAdditionalHeader(),
                configuration.getConnectionTimeoutMillis(), capabilities),
            configuration::getSessionListener), guard, established);
        final EventLoops.Loop loop = loops.next();
        switch (configuration.getProtocol()) {
            case TCP -> connectTcp(loop, configuration.getTcpParameters(), setup);
            // On the loop's own thread: see EventLoops.
            case SSH -> loop.thread().execute(() -> connectSsh(loop, configuration, setup));
            case TLS -> throw new UnsupportedConfigurationException("NETCONF over TLS is not supported");
            default -> throw new UnsupportedConfigurationException("Unknown transport "
                + configuration.getProtocol());
        }
        return setup.session();
    }

    private static void connectSsh(final EventLoops.Loop loop, final NetconfClientConfiguration configuration,
            final SessionSetup setup) {
        final ListenableFuture<?> stack;
        try {
            stack = loop.transports().connectClient("netconf", setup, configuration.getTcpParameters(),
                configuration.getSshParameters(), configuration.getSshConfigurator());
        } catch (UnsupportedConfigurationException | RuntimeException e) {
            setup.failed(e);
            return;
        }
        Futures.addCallback(stack, new FutureCallback<Object>() {
            @Override
            public void onSuccess(final Object result) {
                // The session's channel carries on; it is closed through the session.
            }

            @Override
            public void onFailure(final Throwable cause) {
                setup.failed(cause);
            }
        }, MoreExecutors.directExecutor());
    }

    /** Plain TCP: the NETCONF handlers are in place before the connection can deliver anything. */
    private static void connectTcp(final EventLoops.Loop loop, final TcpClientGrouping tcp,
            final SessionSetup setup) {
        final String host = tcp.requireRemoteAddress().stringValue();
        final int port = tcp.requireRemotePort().getValue().toJava();
        final InetSocketAddress address = InetAddresses.isInetAddress(host)
            ? new InetSocketAddress(InetAddresses.forString(host), port)
            : InetSocketAddress.createUnresolved(host, port);
        loop.transports().newBootstrap()
            .handler(new ChannelInitializer<Channel>() {
                @Override
                protected void initChannel(final Channel channel) {
                    setup.install(channel);
                }
            })
            .connect(address)
            .addListener(connected -> {
                if (!connected.isSuccess()) {
                    setup.failed(connected.cause());
                }
            });
    }
}
