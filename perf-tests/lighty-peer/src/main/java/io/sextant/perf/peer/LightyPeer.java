package io.sextant.perf.peer;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.lighty.core.controller.api.LightyController;
import io.lighty.core.controller.api.LightyModule;
import io.lighty.core.controller.impl.LightyControllerBuilder;
import io.lighty.core.controller.impl.config.ControllerConfiguration;
import io.lighty.core.controller.impl.util.ControllerConfigUtils;
import io.lighty.modules.northbound.restconf.community.impl.CommunityRestConf;
import io.lighty.modules.northbound.restconf.community.impl.CommunityRestConfBuilder;
import io.lighty.modules.northbound.restconf.community.impl.config.RestConfConfiguration;
import io.lighty.modules.northbound.restconf.community.impl.util.RestConfConfigUtils;
import io.lighty.modules.southbound.netconf.impl.NetconfTopologyPluginBuilder;
import io.lighty.modules.southbound.netconf.impl.config.NetconfConfiguration;
import io.lighty.modules.southbound.netconf.impl.util.NetconfConfigUtils;
import io.lighty.server.LightyServerBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.opendaylight.controller.cluster.datastore.DatastoreContext;
import org.opendaylight.mdsal.common.api.LogicalDatastoreType;
import org.opendaylight.yangtools.binding.meta.YangModuleInfo;

/**
 * The comparison peer of {@code ./sextant perf compare}: an OpenDaylight controller assembled from
 * lighty.io 21.1.0 modules, started the way the benchmark needs it and nothing more:
 *
 * <ol>
 *   <li>the lighty.io controller core (MD-SAL, the distributed datastore as a single node) with the
 *       models RESTCONF and the NETCONF topology need; both datastores in memory (not persisted), as
 *       Sextant keeps its datastore in memory;</li>
 *   <li>the community RESTCONF northbound (RFC 8040) on {@code --bind}:{@code --port} under
 *       {@code /rests}, the path Sextant and current OpenDaylight use;</li>
 *   <li>the NETCONF southbound topology {@code topology-netconf}.</li>
 * </ol>
 *
 * <p>No OpenAPI, no AAA: lighty.io's community RESTCONF installs no authentication, so the
 * benchmark's Basic credentials are accepted and ignored. The Akka ports of the single-node cluster
 * (remoting, management) are given on the command line or picked free, never lighty's fixed 2550 and
 * 8558. Everything it writes (Akka journal, schema cache) goes to the working directory.
 *
 * <p>Prints {@value #READY} once all three run. SIGTERM (or Ctrl-C) stops the modules in reverse
 * order; a failed start stops whatever had started and exits with status 1.
 */
public final class LightyPeer implements AutoCloseable {
    /** The line the benchmark harness waits for. */
    public static final String READY = "lighty-peer: ready";

    private static final long MODULE_TIMEOUT_SECONDS = 120;

    private final Deque<LightyModule> started = new ArrayDeque<>();

    private LightyPeer() {
    }

    /**
     * Command line: {@code --port N [--bind ADDRESS] [--akka-port N] [--management-port N]}. The Akka
     * ports (cluster remoting, Akka management HTTP; both on loopback) default to free ones.
     */
    record Settings(InetAddress bind, int port, int akkaPort, int managementPort) {
        static Settings parse(final List<String> args) throws IOException {
            InetAddress bind = InetAddress.getLoopbackAddress();
            int port = -1;
            int akkaPort = 0;
            int managementPort = 0;
            for (int i = 0; i < args.size(); i++) {
                final String option = args.get(i);
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(option + " needs a value");
                }
                final String value = args.get(++i);
                switch (option) {
                    case "--port" -> port = Integer.parseInt(value);
                    case "--bind" -> bind = InetAddress.getByName(value);
                    case "--akka-port" -> akkaPort = Integer.parseInt(value);
                    case "--management-port" -> managementPort = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            }
            if (port <= 0) {
                throw new IllegalArgumentException("--port N is required");
            }
            return new Settings(bind, port, akkaPort > 0 ? akkaPort : freePort(),
                managementPort > 0 ? managementPort : freePort());
        }
    }

    public static void main(final String[] args) {
        final Settings settings;
        try {
            settings = Settings.parse(List.of(args));
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("lighty-peer: " + e.getMessage()
                + "\nusage: LightyPeer --port N [--bind ADDRESS] [--akka-port N] [--management-port N]");
            System.exit(2);
            return;
        }
        final LightyPeer peer = new LightyPeer();
        Runtime.getRuntime().addShutdownHook(new Thread(peer::close, "lighty-peer-stop"));
        try {
            peer.start(settings);
        } catch (Exception e) {
            System.err.println("lighty-peer: start failed: " + e);
            e.printStackTrace();
            // the shutdown hook stops what did start
            System.exit(1);
        }
        System.out.println(READY + " on http://" + settings.bind().getHostAddress() + ":" + settings.port()
            + "/rests (pid " + ProcessHandle.current().pid() + ", Java " + Runtime.version() + ")");
        System.out.flush();
    }

    private void start(final Settings settings) throws Exception {
        final Set<YangModuleInfo> models = new HashSet<>(RestConfConfigUtils.YANG_MODELS);
        models.addAll(NetconfConfigUtils.NETCONF_TOPOLOGY_MODELS);
        final ControllerConfiguration controllerConfig = ControllerConfigUtils.getDefaultSingleNodeConfiguration(models);
        controllerConfig.getActorSystemConfig().setConfig(withAkkaPorts(
            controllerConfig.getActorSystemConfig().getConfig(), settings));
        controllerConfig.setConfigDatastoreContext(inMemory(LogicalDatastoreType.CONFIGURATION));
        controllerConfig.setOperDatastoreContext(inMemory(LogicalDatastoreType.OPERATIONAL));
        final LightyController controller = new LightyControllerBuilder().from(controllerConfig).build();
        await(controller, "controller");

        final RestConfConfiguration restconfConfig = RestConfConfigUtils.getDefaultRestConfConfiguration();
        restconfConfig.setInetAddress(settings.bind());
        restconfConfig.setHttpPort(settings.port());
        restconfConfig.setRestconfServletContextPath("/rests");
        final CommunityRestConf restconf = CommunityRestConfBuilder
            .from(RestConfConfigUtils.getRestConfConfiguration(restconfConfig, controller.getServices()))
            .withLightyServer(new LightyServerBuilder(new InetSocketAddress(settings.bind(), settings.port())))
            .build();
        await(restconf, "RESTCONF");

        final NetconfConfiguration netconfConfig = NetconfConfigUtils.injectServicesToTopologyConfig(
            NetconfConfigUtils.createDefaultNetconfConfiguration(), controller.getServices());
        await(NetconfTopologyPluginBuilder.from(netconfConfig, controller.getServices()).build(), "NETCONF southbound");
        // HTTP last: once RESTCONF answers, devices can be mounted
        restconf.startServer();
    }

    private void await(final LightyModule module, final String name) throws Exception {
        started.push(module);
        if (!module.start().get(MODULE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(name + " did not start");
        }
    }

    /** A datastore kept in memory only (the default persists the configuration datastore to disk). */
    private static DatastoreContext inMemory(final LogicalDatastoreType type) {
        return DatastoreContext.newBuilder().logicalStoreType(type).tempFileDirectory("./data").persistent(false)
            .build();
    }

    /**
     * The single-node Akka cluster and Akka management on the given loopback ports instead of the
     * fixed 2550 and 8558 of lighty's default configuration.
     */
    private static Config withAkkaPorts(final Config config, final Settings settings) {
        return ConfigFactory.parseString("akka.remote.artery.canonical.hostname = \"127.0.0.1\"\n"
            + "akka.remote.artery.canonical.port = " + settings.akkaPort() + "\n"
            + "akka.cluster.seed-nodes = [\"akka://opendaylight-cluster-data@127.0.0.1:" + settings.akkaPort() + "\"]\n"
            + "akka.management.http.hostname = \"127.0.0.1\"\n"
            + "akka.management.http.port = " + settings.managementPort() + "\n")
            .withFallback(config);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Stops the started modules, newest first. */
    @Override
    public synchronized void close() {
        while (!started.isEmpty()) {
            final LightyModule module = started.pop();
            if (!module.shutdown(MODULE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                System.err.println("lighty-peer: " + module.getClass().getSimpleName() + " did not stop cleanly");
            }
        }
    }
}
