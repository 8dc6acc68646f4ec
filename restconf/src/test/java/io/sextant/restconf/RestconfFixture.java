package io.sextant.restconf;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.spi.HttpLimits;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.datastore.StoreDataService;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.http.RestconfHttpServer;
import io.sextant.restconf.server.DefaultRestconfServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** A RESTCONF server over real HTTP on a free port, backed by in-memory stores. */
final class RestconfFixture implements AutoCloseable {
    static final String PASSWORD = "test-secret";

    final InMemoryDataStore config;
    final InMemoryDataStore operational;
    final RpcRegistry rpcs = new RpcRegistry();
    final MountPointRegistry mounts = new MountPointRegistry();
    final RestconfHttpServer http;
    final HttpClient client = HttpClient.newHttpClient();

    RestconfFixture() throws InterruptedException {
        this(HttpLimits.DEFAULTS);
    }

    RestconfFixture(final HttpLimits limits) throws InterruptedException {
        this(ControllerSchema.get(), limits);
    }

    RestconfFixture(final EffectiveModelContext schema, final HttpLimits limits) throws InterruptedException {
        config = new InMemoryDataStore(StoreType.CONFIGURATION, schema, Runnable::run);
        operational = new InMemoryDataStore(StoreType.OPERATIONAL, schema, Runnable::run);
        final var server = new DefaultRestconfServer(schema, new StoreDataService(config, operational), rpcs, mounts);
        http = new RestconfHttpServer(server, OneUser.authenticator("admin", PASSWORD),
            RestconfHttpServer.Settings.of("127.0.0.1", 0, limits));
    }

    URI uri(final String path) {
        return URI.create("http://127.0.0.1:" + http.port() + path);
    }

    HttpRequest.Builder request(final String path) {
        return HttpRequest.newBuilder(uri(path)).header("Authorization", "Basic " + Base64.getEncoder()
            .encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
    }

    HttpResponse<String> send(final HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(final String path, final String accept) throws IOException, InterruptedException {
        return send(request(path).header("Accept", accept).GET().build());
    }

    HttpResponse<String> write(final String method, final String path, final String type, final String body)
            throws IOException, InterruptedException {
        return send(request(path).header("Content-Type", type).header("Accept", type.contains("xml")
            ? "application/yang-data+xml" : "application/yang-data+json")
            .method(method, HttpRequest.BodyPublishers.ofString(body)).build());
    }

    @Override
    public void close() {
        http.close();
    }
}
