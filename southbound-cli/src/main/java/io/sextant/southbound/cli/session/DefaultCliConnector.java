package io.sextant.southbound.cli.session;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.sextant.southbound.cli.CliConnector;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.southbound.cli.transport.CliTransport;
import io.sextant.southbound.cli.transport.SshTransport;
import io.sextant.southbound.cli.transport.TelnetTransport;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.client.SshClient;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * Opens CLI sessions over SSH (one shared Apache sshd client) and Telnet (Netty). Each session
 * runs on one thread of a shared event loop group, which also carries the Telnet sockets.
 */
@Component(service = CliConnector.class)
public final class DefaultCliConnector implements CliConnector, AutoCloseable {
    private final EventLoopGroup loops;
    private final SshClient sshClient;

    @Activate
    public DefaultCliConnector() {
        this(Math.max(2, Runtime.getRuntime().availableProcessors()));
    }

    public DefaultCliConnector(final int threads) {
        this.loops = new NioEventLoopGroup(threads, new DefaultThreadFactory("cli-session", true));
        this.sshClient = SshTransport.newClient();
        sshClient.start();
    }

    @Override
    public CompletionStage<CliSession> connect(final CliSessionParameters parameters) {
        final DefaultCliSession session = new DefaultCliSession(parameters, loops.next());
        final CompletionStage<CliTransport> transport = switch (parameters.transport()) {
            case SSH -> SshTransport.open(sshClient, parameters.host(), parameters.port(), parameters.username(),
                parameters.password(), parameters.hostKeys(), session);
            case TELNET -> TelnetTransport.open(loops, parameters.host(), parameters.port(),
                parameters.commandTimeout(), session);
        };
        return session.start(transport);
    }

    @Deactivate
    @Override
    public void close() {
        sshClient.stop();
        loops.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    }
}
