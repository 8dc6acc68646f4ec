package io.sextant.perf.run;

import io.sextant.testing.TrustedTls;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;

/**
 * The harness's own view of the controller: readiness and status polls between the phases
 * (all load comes from JMeter). JSON, HTTP Basic as {@code admin} (or the user of {@link #as}), over HTTPS
 * trusting the controller's generated certificate (plain HTTP for the lighty.io peer).
 */
public final class RestconfClient {
    private static final String JSON = "application/yang-data+json";

    /** Status and body of one exchange. */
    public record Response(int status, String body) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private final Path trustedCert;
    private final String base;
    private final String authorization;
    private volatile HttpClient http;

    private RestconfClient(final String base, final Path trustedCert, final String user, final String password) {
        this.trustedCert = trustedCert;
        this.base = base;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(
            (user + ":" + password).getBytes(StandardCharsets.UTF_8));
        if (trustedCert == null) {
            http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        }
    }

    /** HTTPS, trusting only the certificate in {@code cert} (which the controller may not have written yet). */
    public static RestconfClient trusting(final Path cert, final String host, final int port, final String password) {
        return new RestconfClient("https://" + host + ":" + port, cert, "admin", password);
    }

    /** Plain HTTP (the lighty.io peer, or Sextant with insecure-http). */
    public static RestconfClient plain(final String host, final int port, final String password) {
        return new RestconfClient("http://" + host + ":" + port, null, "admin", password);
    }

    /** The same controller, scheme and trust, as {@code user}. */
    public RestconfClient as(final String user, final String password) {
        return new RestconfClient(base, trustedCert, user, password);
    }

    private HttpClient http() throws IOException {
        HttpClient client = http;
        if (client == null) {
            if (!Files.exists(trustedCert)) {
                throw new IOException("The controller has not written its certificate " + trustedCert + " yet");
            }
            client = HttpClient.newBuilder().sslContext(TrustedTls.trusting(trustedCert))
                .connectTimeout(Duration.ofSeconds(5)).build();
            http = client;
        }
        return client;
    }

    /** True once RESTCONF answers an authenticated read of the datastore root. */
    public boolean isUp() {
        try {
            return get("/rests/data?content=config&depth=1").status() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public Response get(final String path) throws IOException, InterruptedException {
        return send(request(path).GET());
    }

    public Response put(final String path, final String body) throws IOException, InterruptedException {
        return send(request(path).header("Content-Type", JSON).PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Response post(final String path, final String body) throws IOException, InterruptedException {
        return send(request(path).header("Content-Type", JSON).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A POST in the UniConfig transaction {@code transactionId} (the {@code Sextant-Transaction} header). */
    public Response post(final String path, final String body, final String transactionId)
            throws IOException, InterruptedException {
        return send(request(path).header("Content-Type", JSON).header("Sextant-Transaction", transactionId)
            .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Response delete(final String path) throws IOException, InterruptedException {
        return send(request(path).DELETE());
    }

    /**
     * Any request as given: {@code method}, {@code path} (with its query), the {@code Content-Type}
     * of {@code body} (none without a body) and the {@code Accept} header.
     */
    public Response exchange(final String method, final String path, final String contentType, final String accept,
            final String body) throws IOException, InterruptedException {
        final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(2))
            .header("Authorization", authorization).header("Accept", accept);
        if (body.isEmpty()) {
            return send(request.method(method, HttpRequest.BodyPublishers.noBody()));
        }
        return send(request.header("Content-Type", contentType).method(method,
            HttpRequest.BodyPublishers.ofString(body)));
    }

    private HttpRequest.Builder request(final String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(2))
            .header("Authorization", authorization).header("Accept", JSON);
    }

    private Response send(final HttpRequest.Builder request) throws IOException, InterruptedException {
        final HttpResponse<String> response = http().send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body());
    }
}
