package io.sextant.southbound.netconf.client;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.opendaylight.netconf.transport.ssh.SSHTransportStackFactory;

/**
 * The Netty event loops that carry every device session, as OpenDaylight transport factories of
 * one thread each, handed out in turn. With one thread per factory, a connection started on a
 * factory's own thread is registered and connected by that thread only after the starting task
 * has finished, so OpenDaylight's transports, which add their connect listener after
 * {@code connect()} returns, never miss the connection's {@code channelActive} (its SSH client
 * would otherwise never start and the attempt would hang until its timeout).
 */
final class EventLoops implements AutoCloseable {
    /** One factory and its only event loop. */
    record Loop(SSHTransportStackFactory transports, EventLoop thread) {
    }

    private final List<Loop> loops;
    private final AtomicInteger next = new AtomicInteger();

    /** @param threads event loop threads; 0 for Netty's default, twice the cores */
    EventLoops(final String name, final int threads) {
        final int count = threads > 0 ? threads : 2 * Runtime.getRuntime().availableProcessors();
        final List<Loop> created = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            final SSHTransportStackFactory factory = new SSHTransportStackFactory(name + "-" + i, 1);
            created.add(new Loop(factory, factory.newBootstrap().config().group().next()));
        }
        loops = List.copyOf(created);
    }

    /** The next loop in turn. */
    Loop next() {
        return loops.get(Math.floorMod(next.getAndIncrement(), loops.size()));
    }

    @Override
    public void close() {
        loops.forEach(loop -> loop.transports().close());
    }
}
