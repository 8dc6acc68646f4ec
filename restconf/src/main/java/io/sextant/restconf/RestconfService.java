package io.sextant.restconf;

import io.sextant.datastore.Datastores;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.datastore.service.MountPointRegistry;
import io.sextant.datastore.service.RpcRegistry;
import io.sextant.restconf.http.AdminCredentials;
import io.sextant.restconf.http.RestconfHttpServer;
import io.sextant.restconf.server.DefaultRestconfServer;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RESTCONF on HTTP: the {@link DefaultRestconfServer} over the controller's datastores, RPCs
 * and mount points, served by {@link RestconfHttpServer} with the admin credentials.
 */
@Component(service = RestconfService.class, immediate = true)
public final class RestconfService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestconfService.class);

    private final RestconfHttpServer http;

    @Activate
    public RestconfService(@Reference final Datastores datastores, @Reference final RpcRegistry rpcs,
            @Reference final MountPointRegistry mounts) throws InterruptedException {
        this(datastores, rpcs, mounts, ControllerSettings.fromSystemProperties());
    }

    public RestconfService(final Datastores datastores, final RpcRegistry rpcs, final MountPointRegistry mounts,
            final ControllerSettings settings) throws InterruptedException {
        final EffectiveModelContext schema = datastores.config().snapshot().schema();
        final AdminCredentials credentials = AdminCredentials.resolve(settings.adminPassword(), settings.dataDir(),
            message -> {
                LOG.warn(message);
                System.out.println(message);
            });
        http = new RestconfHttpServer(new DefaultRestconfServer(schema, datastores.data(), rpcs, mounts),
            credentials, RestconfHttpServer.Settings.of(settings.bindHost(), settings.port(), settings.http()));
    }

    /** The port RESTCONF listens on. */
    public int port() {
        return http.port();
    }

    @Deactivate
    @Override
    public void close() {
        http.close();
    }
}
