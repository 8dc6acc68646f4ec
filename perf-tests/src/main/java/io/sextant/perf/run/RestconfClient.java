package io.sextant.perf.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * The harness's own view of the controller: readiness and status polls between the phases
 * (all load comes from JMeter). JSON, HTTP Basic as {@code admin}.
 */
public final class RestconfClient {
    private static final String JSON = "application/yang-data+json";

    /** Status and body of one exchange. */
    public record Response(int status, String body) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String authorization;

    public RestconfClient(final String host, final int port, final String password) {
        this.base = "http://" + host + ":" + port;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(
            ("admin:" + password).getBytes(StandardCharsets.UTF_8));
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

    public Response delete(final String path) throws IOException, InterruptedException {
        return send(request(path).DELETE());
    }

    private HttpRequest.Builder request(final String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(2))
            .header("Authorization", authorization).header("Accept", JSON);
    }

    private Response send(final HttpRequest.Builder request) throws IOException, InterruptedException {
        final HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body());
    }
}
