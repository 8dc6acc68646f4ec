package io.sextant.restconf;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.Readiness;
import io.sextant.spi.RpcRegistry;
import io.sextant.metrics.SextantMetrics;
import io.sextant.restconf.http.EventStreamEndpoint;
import io.sextant.restconf.http.MetricsEndpoint;
import io.sextant.restconf.http.PeerForwarding;
import io.sextant.restconf.http.RestconfHttpServer;
import io.sextant.restconf.nacm.NacmGuard;
import io.sextant.restconf.nacm.NotificationReceiveAccess;
import io.sextant.restconf.nacm.StatusReadAccess;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.service.AccessControl;
import io.sextant.security.service.SecuritySettings;
import io.sextant.security.tls.ServerTls;
import io.sextant.security.tls.TlsMaterial;
import io.sextant.security.tls.TlsMaterialException;
import io.sextant.security.tls.PinnedTrust;
import io.sextant.security.tls.TlsSetup;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RESTCONF on HTTP: the {@link DefaultRestconfServer} over the controller's datastores, RPCs
 * and mount points, served by {@link RestconfHttpServer} over TLS (the operator's certificate, or
 * one generated into the data directory; plain HTTP only when asked for, on loopback); requests
 * authenticate against the stored users and see what NACM lets them ({@link AccessControl}).
 */
@Component(service = RestconfService.class, immediate = true)
public final class RestconfService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestconfService.class);

    private final RestconfHttpServer http;
    private final @Nullable X509Certificate certificate;

    /**
     * Under Karaf. {@code sealing} is not used here: referencing it makes RESTCONF take requests
     * only once device passwords are sealed on their way into the configuration datastore.
     */
    @Activate
    public RestconfService(@Reference final ControllerStores datastores, @Reference final RpcRegistry rpcs,
            @Reference final MountPointRegistry mounts, @Reference final AccessControl access,
            @Reference final DeviceSecrets sealing, @Reference final SextantMetrics metrics,
            @Reference final Readiness readiness) throws InterruptedException, TlsMaterialException {
        this(datastores, rpcs, mounts, access, ControllerSettings.fromSystemProperties(),
            SecuritySettings.fromSystemProperties(), metrics, readiness);
    }

    /**
     * @throws TlsMaterialException when the TLS certificate or key cannot be used, or plain HTTP
     *     was asked for on an address that is not a loopback one: RESTCONF does not start
     * @param metrics where requests are timed, served at {@code GET /metrics}
     */
    public RestconfService(final ControllerStores datastores, final RpcRegistry rpcs, final MountPointRegistry mounts,
            final AccessControl access, final ControllerSettings settings, final SecuritySettings security,
            final SextantMetrics metrics, final Readiness readiness) throws InterruptedException, TlsMaterialException {
        final EffectiveModelContext schema = datastores.config().snapshot().schema();
        RestconfHttpServer.Settings http = RestconfHttpServer.Settings.of(settings.bindHost(), settings.port(),
            settings.http());
        if (security.insecureHttp()) {
            TlsSetup.checkPlainHttp(settings.bindHost());
            LOG.warn("RESTCONF serves plain HTTP on {} (--insecure-http)", settings.bindHost());
            certificate = null;
            http = http.withPeers(PeerForwarding.plain());
        } else {
            final TlsMaterial material = TlsSetup.resolve(settings.dataDir(), security.tlsCert(), security.tlsKey(),
                settings.bindHost(), RestconfService::announce);
            LOG.info("RESTCONF TLS certificate {}", material);
            // the instances of a cluster share one certificate: requests are sent on to exactly it
            http = http.withTls(ServerTls.sslContext(material))
                .withPeers(PeerForwarding.overTls(PinnedTrust.clientContext(List.of(material.certificate()))));
            certificate = material.certificate();
        }
        this.http = new RestconfHttpServer(new DefaultRestconfServer(schema, datastores.data(), rpcs, mounts,
            new NacmGuard(access)), access.httpAuthenticator(), access.audit(),
            new MetricsEndpoint(metrics, new StatusReadAccess(access, schema)), readiness,
            EventStreamEndpoint.of(datastores.events(), new NotificationReceiveAccess(access)), http);
    }

    private static void announce(final String message) {
        LOG.warn(message);
        System.out.println(message);
    }

    /** The port RESTCONF listens on. */
    public int port() {
        return http.port();
    }

    /** The certificate RESTCONF presents; empty when it serves plain HTTP. */
    public Optional<X509Certificate> certificate() {
        return Optional.ofNullable(certificate);
    }

    @Deactivate
    @Override
    public void close() {
        http.close();
    }
}
