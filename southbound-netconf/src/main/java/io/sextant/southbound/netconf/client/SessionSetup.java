package io.sextant.southbound.netconf.client;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.SettableFuture;
import io.netty.channel.Channel;
import io.netty.util.concurrent.Promise;
import java.util.function.Consumer;
import org.opendaylight.netconf.client.ClientChannelInitializer;
import org.opendaylight.netconf.client.NetconfClientSession;
import org.opendaylight.netconf.transport.api.TransportChannel;
import org.opendaylight.netconf.transport.api.TransportChannelListener;

/**
 * Turns one transport channel into a NETCONF session: OpenDaylight's framing, XML and hello
 * handlers and its session negotiator, with an {@link InboundGuard} around its decoders, and the
 * session once the hello exchange is done.
 *
 * <p>Over TCP the handlers go in when the channel is created, before it connects
 * ({@link #install(Channel)} from a channel initializer). OpenDaylight's TCP transport installs
 * them from a listener on the connect future, which it adds after {@code connect()} has
 * returned; a loopback connection can complete before that, and then {@code channelActive} and
 * the device's hello pass through a pipeline without the NETCONF handlers and are lost: the
 * attempt hangs until the hello timeout (seen as devices that "miss their first hello" and
 * connect on the retry). Over SSH OpenDaylight's transport calls
 * {@link #onTransportChannelEstablished(TransportChannel)} once the subsystem is open.
 */
final class SessionSetup implements TransportChannelListener {
    private final ClientChannelInitializer initializer;
    private final InboundGuard guard;
    private final Consumer<Channel> established;
    private final SettableFuture<NetconfClientSession> session = SettableFuture.create();

    SessionSetup(final ClientChannelInitializer initializer, final InboundGuard guard,
            final Consumer<Channel> established) {
        this.initializer = initializer;
        this.guard = guard;
        this.established = established;
    }

    /** Completes with the session once the hello exchange is done, or fails with the attempt. */
    ListenableFuture<NetconfClientSession> session() {
        return session;
    }

    /** Put the NETCONF handlers on {@code channel}; negotiation starts when it is (or becomes) active. */
    void install(final Channel channel) {
        established.accept(channel);
        guard.installCounter(channel);
        final Promise<NetconfClientSession> negotiated = channel.eventLoop().newPromise();
        initializer.initialize(channel, negotiated);
        guard.installMessageEnd(channel);
        negotiated.addListener(done -> {
            if (done.isSuccess()) {
                session.set(negotiated.getNow());
            } else {
                session.setException(done.cause());
            }
        });
    }

    @Override
    public void onTransportChannelEstablished(final TransportChannel transport) {
        install(transport.channel());
    }

    @Override
    public void onTransportChannelFailed(final Throwable cause) {
        failed(cause);
    }

    /** The transport could not be set up. */
    void failed(final Throwable cause) {
        session.setException(cause);
    }
}
