package io.sextant.simulator;

import com.google.common.util.concurrent.ListenableFuture;
import java.io.IOException;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opendaylight.netconf.api.CapabilityURN;
import org.opendaylight.netconf.api.TransportConstants;
import org.opendaylight.netconf.common.impl.DefaultNetconfTimer;
import org.opendaylight.netconf.server.NetconfServerSessionNegotiatorFactory;
import org.opendaylight.netconf.server.ServerTransportInitializer;
import org.opendaylight.netconf.server.impl.DefaultSessionIdProvider;
import org.opendaylight.netconf.shaded.sshd.common.keyprovider.KeyPairProvider;
import org.opendaylight.netconf.shaded.sshd.server.auth.password.UserAuthPasswordFactory;
import org.opendaylight.netconf.transport.api.TransportStack;
import org.opendaylight.netconf.transport.api.UnsupportedConfigurationException;
import org.opendaylight.netconf.transport.ssh.SSHTransportStackFactory;
import org.opendaylight.netconf.transport.ssh.ServerFactoryManagerConfigurator;
import org.opendaylight.netconf.transport.tcp.TCPServer;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.IetfInetUtil;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.PortNumber;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.server.rev240208.netconf.server.listen.stack.grouping.transport.ssh.ssh.TcpServerParametersBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.tcp.server.rev240208.TcpServerGrouping;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/**
 * Many simulated NETCONF devices in this JVM, one listening port each on one address, all served by
 * OpenDaylight's NETCONF server (session negotiation, base:1.0 end-of-message and base:1.1 chunked
 * framing, close-session) over its TCP or SSH transport. Shared by all devices: the event loops
 * ({@code threads} of them, however many devices), the timer, the schema and the hello's
 * capabilities, one EC host key and the base configuration. Per device: its datastore and a
 * listener.
 */
public final class DeviceSimulator implements AutoCloseable {
    /**
     * Where and how the devices listen.
     *
     * @param host the address all devices listen on
     * @param firstPort the first device's port; device i listens on firstPort + i
     * @param count how many devices
     * @param ssh NETCONF over SSH (subsystem netconf, password authentication) instead of plain TCP
     * @param threads event loop threads shared by all devices
     */
    public record Settings(String host, int firstPort, int count, boolean ssh, String username, String password,
            int threads) {
    }

    /** How long a new session may take to send its hello. */
    private static final Duration HELLO_TIMEOUT = Duration.ofSeconds(60);

    private final SSHTransportStackFactory transports;
    private final DefaultNetconfTimer timer;
    private final ScheduledExecutorService confirmTimer;
    private final List<TransportStack> listeners = new ArrayList<>();
    private final List<DeviceDatastore> datastores = new ArrayList<>();
    private final Settings settings;

    private DeviceSimulator(final Settings settings) {
        this.settings = settings;
        this.transports = new SSHTransportStackFactory("sextant-simulator", settings.threads());
        this.timer = new DefaultNetconfTimer();
        this.confirmTimer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            final Thread thread = new Thread(runnable, "sextant-simulator-confirm-timer");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Starts {@code settings.count()} devices, each with {@code base} as its running configuration.
     *
     * @throws IOException when a port cannot be bound; nothing keeps running then
     */
    public static DeviceSimulator start(final DeviceSchema schema, final ContainerNode base,
            final Settings settings) throws IOException {
        final DeviceSimulator simulator = new DeviceSimulator(settings);
        try {
            simulator.listenAll(schema, base);
        } catch (IOException | RuntimeException e) {
            simulator.close();
            throw e;
        }
        return simulator;
    }

    private void listenAll(final DeviceSchema schema, final ContainerNode base) throws IOException {
        final SharedMonitoring monitoring = new SharedMonitoring(schema);
        final DefaultSessionIdProvider ids = new DefaultSessionIdProvider();
        final ServerFactoryManagerConfigurator ssh = settings.ssh() ? sshConfigurator() : null;
        final InetAddress address = InetAddress.getByName(settings.host());
        // bind in batches: every bind is a task on the shared event loops
        final int batch = 500;
        for (int first = 0; first < settings.count(); first += batch) {
            final List<ListenableFuture<? extends TransportStack>> pending =
                new ArrayList<>();
            for (int i = first; i < Math.min(settings.count(), first + batch); i++) {
                final DeviceDatastore datastore = new DeviceDatastore(schema, confirmTimer, base);
                datastores.add(datastore);
                final ServerTransportInitializer initializer = new ServerTransportInitializer(
                    NetconfServerSessionNegotiatorFactory.builder()
                        .setTimer(timer)
                        .setAggregatedOpService(new SimulatedDevice(schema, datastore))
                        .setIdProvider(ids)
                        .setMonitoringService(monitoring)
                        .setConnectionTimeoutMillis(HELLO_TIMEOUT.toMillis())
                        .setBaseCapabilities(Set.of(CapabilityURN.BASE, CapabilityURN.BASE_1_1))
                        .build());
                final TcpServerGrouping listen = new TcpServerParametersBuilder()
                    .setLocalAddress(IetfInetUtil.ipAddressFor(address))
                    .setLocalPort(new PortNumber(Uint16.valueOf(settings.firstPort() + i)))
                    .build();
                try {
                    pending.add(ssh != null
                        ? transports.listenServer(TransportConstants.SSH_SUBSYSTEM, initializer, listen, null, ssh)
                        : TCPServer.listen(initializer, transports.newServerBootstrap(), listen));
                } catch (UnsupportedConfigurationException e) {
                    throw new IOException("Cannot listen on port " + (settings.firstPort() + i), e);
                }
            }
            for (int i = 0; i < pending.size(); i++) {
                try {
                    listeners.add(pending.get(i).get(1, TimeUnit.MINUTES));
                } catch (ExecutionException e) {
                    throw new IOException("Cannot listen on " + settings.host() + " port " + (settings.firstPort() + i)
                        + ": " + e.getCause().getMessage(), e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("Interrupted while binding", e);
                } catch (TimeoutException e) {
                    throw new IOException("Binding took more than a minute", e);
                }
            }
        }
    }

    /** Password authentication and one host key for every device, generated once. */
    private ServerFactoryManagerConfigurator sshConfigurator() throws IOException {
        final KeyPair hostKey;
        try {
            final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            hostKey = generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot generate the host key", e);
        }
        final KeyPairProvider keys = KeyPairProvider.wrap(hostKey);
        return factoryManager -> {
            factoryManager.setUserAuthFactories(List.of(new UserAuthPasswordFactory()));
            factoryManager.setPasswordAuthenticator((user, password, session) ->
                settings.username().equals(user) && settings.password().equals(password));
            factoryManager.setKeyPairProvider(keys);
        };
    }

    public Settings settings() {
        return settings;
    }

    public int port(final int device) {
        return settings.firstPort() + device;
    }

    @Override
    public void close() {
        for (TransportStack listener : listeners) {
            try {
                listener.shutdown().get(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (ExecutionException | TimeoutException e) {
                // closing anyway
            }
        }
        listeners.clear();
        transports.close();
        timer.close();
        confirmTimer.shutdownNow();
    }
}
