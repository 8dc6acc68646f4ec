package io.sextant.restconf;

import io.sextant.datastore.Datastores;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.datastore.service.MountPointRegistry;
import io.sextant.datastore.service.RpcRegistry;
import io.sextant.restconf.http.RestconfHttpServer;
import io.sextant.restconf.nacm.NacmGuard;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.service.AccessControl;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * RESTCONF on HTTP: the {@link DefaultRestconfServer} over the controller's datastores, RPCs
 * and mount points, served by {@link RestconfHttpServer}; requests authenticate against the
 * stored users and see what NACM lets them ({@link AccessControl}).
 */
@Component(service = RestconfService.class, immediate = true)
public final class RestconfService implements AutoCloseable {
    private final RestconfHttpServer http;

    @Activate
    public RestconfService(@Reference final Datastores datastores, @Reference final RpcRegistry rpcs,
            @Reference final MountPointRegistry mounts, @Reference final AccessControl access)
            throws InterruptedException {
        this(datastores, rpcs, mounts, access, ControllerSettings.fromSystemProperties());
    }

    public RestconfService(final Datastores datastores, final RpcRegistry rpcs, final MountPointRegistry mounts,
            final AccessControl access, final ControllerSettings settings) throws InterruptedException {
        final EffectiveModelContext schema = datastores.config().snapshot().schema();
        http = new RestconfHttpServer(new DefaultRestconfServer(schema, datastores.data(), rpcs, mounts,
            new NacmGuard(access)), access.httpAuthenticator(),
            RestconfHttpServer.Settings.of(settings.bindHost(), settings.port(), settings.http()));
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
