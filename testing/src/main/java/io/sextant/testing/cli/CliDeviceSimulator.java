package io.sextant.testing.cli;

import io.sextant.testing.SshHostKeyType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.io.IoAcceptor;
import org.apache.sshd.common.signature.BuiltinSignatures;
import org.apache.sshd.common.signature.Signature;
import org.apache.sshd.server.ServerBuilder;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;

/**
 * Many simulated IOS 15 devices in one process, for scale tests: each listens for SSH on its
 * own loopback port (one sshd server, one acceptor bound to every port, shared I/O threads),
 * logs in with a username and password, and keeps a running configuration that changes as it
 * is configured.
 */
public final class CliDeviceSimulator implements AutoCloseable {
    private final SshServer server;
    private final Path keyDir;
    private final List<SimulatedDevice> devices;

    private CliDeviceSimulator(final SshServer server, final Path keyDir, final List<SimulatedDevice> devices) {
        this.server = server;
        this.keyDir = keyDir;
        this.devices = List.copyOf(devices);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options of a simulator. */
    public static final class Builder {
        private int count = 1;
        private String username = "admin";
        private String password = "admin";
        private String hostnamePrefix = "R";
        private IntFunction<String> initialConfig = CliDeviceSimulator::defaultConfig;
        private SshHostKeyType hostKey = SshHostKeyType.ECDSA;

        private Builder() {
        }

        public Builder devices(final int newCount) {
            this.count = newCount;
            return this;
        }

        public Builder credentials(final String newUsername, final String newPassword) {
            this.username = newUsername;
            this.password = newPassword;
            return this;
        }

        /** Device i is named prefix + (i + 1). */
        public Builder hostnamePrefix(final String prefix) {
            this.hostnamePrefix = prefix;
            return this;
        }

        /** The running configuration device {@code i} starts with (IOS text). */
        public Builder initialConfig(final IntFunction<String> config) {
            this.initialConfig = config;
            return this;
        }

        /** The only host key the devices hold and offer; ECDSA unless set. */
        public Builder hostKey(final SshHostKeyType type) {
            this.hostKey = type;
            return this;
        }

        public CliDeviceSimulator start() {
            try {
                return startServer(this);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot start the CLI device simulator", e);
            }
        }
    }

    /** A small IOS router: four GigabitEthernet ports and a loopback. */
    public static String defaultConfig(final int index) {
        return """
            version 15.6
            hostname R%d
            interface Loopback0
             ip address 10.255.%d.%d 255.255.255.255
            interface GigabitEthernet0/0
             no ip address
            interface GigabitEthernet0/1
             no ip address
             shutdown
            interface GigabitEthernet0/2
             no ip address
             shutdown
            interface GigabitEthernet0/3
             no ip address
             shutdown
            line vty 0 4
             login
             transport input ssh
            """.formatted(index + 1, (index + 1) / 256 % 256, (index + 1) % 256);
    }

    private static CliDeviceSimulator startServer(final Builder options) throws IOException {
        final Path keyDir = Files.createTempDirectory("sextant-cli-sim");
        final Map<Integer, IosEngine> engines = new ConcurrentHashMap<>();
        final ExposedServer server = (ExposedServer) ServerBuilder.builder().factory(ExposedServer::new).build();
        server.setHost("127.0.0.1");
        server.setPort(0);
        final SimpleGeneratorHostKeyProvider keys = new SimpleGeneratorHostKeyProvider(keyDir.resolve("host.ser"));
        keys.setAlgorithm(options.hostKey.javaAlgorithm());
        keys.setKeySize(options.hostKey.bits());
        server.setKeyPairProvider(keys);
        server.setSignatureFactories(signatures(options.hostKey));
        server.setPasswordAuthenticator((user, password, session) ->
            options.username.equals(user) && options.password.equals(password));
        server.setShellFactory(channel -> {
            final int port = ((InetSocketAddress) channel.getSession().getIoSession().getLocalAddress()).getPort();
            final IosEngine engine = engines.get(port);
            if (engine == null) {
                throw new IllegalStateException("No simulated device listens on port " + port);
            }
            return new SimulatorShell(engine);
        });
        server.start();
        final IoAcceptor acceptor = server.acceptor();
        final Set<SocketAddress> bound = new HashSet<>(acceptor.getBoundAddresses());
        final List<Integer> ports = new ArrayList<>();
        ports.add(server.getPort());
        while (ports.size() < options.count) {
            acceptor.bind(new InetSocketAddress("127.0.0.1", 0));
            for (SocketAddress address : acceptor.getBoundAddresses()) {
                if (bound.add(address)) {
                    ports.add(((InetSocketAddress) address).getPort());
                }
            }
        }
        final List<SimulatedDevice> devices = new ArrayList<>();
        for (int i = 0; i < options.count; i++) {
            final String config = options.initialConfig.apply(i);
            final IosEngine engine = new IosEngine(options.hostnamePrefix + (i + 1),
                config.replaceFirst("(?m)^hostname \\S+$", "hostname " + options.hostnamePrefix + (i + 1)));
            engines.put(ports.get(i), engine);
            devices.add(new SimulatedDevice(ports.get(i), engine));
        }
        return new CliDeviceSimulator(server, keyDir, devices);
    }

    /** The server offers the signatures of its one host key type and nothing else. */
    private static List<NamedFactory<Signature>> signatures(final SshHostKeyType type) {
        final List<NamedFactory<Signature>> factories = new ArrayList<>();
        for (String name : type.signatures()) {
            final BuiltinSignatures signature = BuiltinSignatures.fromFactoryName(name);
            if (signature == null || !signature.isSupported()) {
                throw new IllegalStateException("Apache sshd cannot sign with " + name + " in this JVM");
            }
            factories.add(signature);
        }
        return factories;
    }

    public List<SimulatedDevice> devices() {
        return devices;
    }

    public SimulatedDevice device(final int index) {
        return devices.get(index);
    }

    @Override
    public void close() {
        try {
            server.stop(true);
            try (var files = Files.list(keyDir)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(keyDir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot stop the CLI device simulator", e);
        }
    }

    /** Gives access to the acceptor, to bind one port per device. */
    private static final class ExposedServer extends SshServer {
        IoAcceptor acceptor() {
            return acceptor;
        }
    }
}
