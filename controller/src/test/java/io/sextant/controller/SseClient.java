package io.sextant.controller;

import io.sextant.testing.TrustedTls;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A server-sent events client for the tests: opens a stream over HTTPS and queues each event (its
 * {@code event:} name, {@code message} when none, and its {@code data:} lines joined) as it arrives, and
 * counts the comments (keep-alives). An answer other than 200 is kept with its body.
 */
final class SseClient implements AutoCloseable {
    /** One event, with its id (empty when it has none). */
    record Message(String event, String data, String id) {
    }

    private static final Message END = new Message("", "", "");
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    private final HttpResponse<Stream<String>> response;
    private final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();
    private final AtomicInteger comments = new AtomicInteger();
    private final List<String> body = new ArrayList<>();

    private SseClient(final HttpResponse<Stream<String>> response) {
        this.response = response;
        if (response.statusCode() != 200) {
            try (Stream<String> lines = response.body()) {
                lines.forEach(body::add);
            }
            return;
        }
        final Thread reader = new Thread(this::read, "sse-client");
        reader.setDaemon(true);
        reader.start();
    }

    /** {@code GET path} of the controller as {@code user}, with {@code accept}. */
    /** {@code GET path} of the controller as {@code user}, with {@code accept} and more {@code headers} (name, value...). */
    static SseClient open(final Sextant sextant, final String user, final String password, final String path,
            final String accept, final String... headers) throws Exception {
        return open(sextant.restconfUri(), sextant.dataDir(), user, password, path, accept, headers);
    }

    static SseClient open(final URI base, final Path dataDir, final String user, final String password,
            final String path, final String accept, final String... headers) throws Exception {
        final HttpClient client = TrustedTls.forDataDir(dataDir);
        final HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        final HttpRequest request = builder
            .header("Accept", accept)
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8)))
            .GET().build();
        return new SseClient(client.send(request, HttpResponse.BodyHandlers.ofLines()));
    }

    int status() {
        return response.statusCode();
    }

    String contentType() {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    /** The body of an answer that is not a stream. */
    String body() {
        return String.join("\n", body);
    }

    /** Comments received so far (the opening one and keep-alives). */
    int comments() {
        return comments.get();
    }

    /** The next event; fails when the stream ended first or nothing came for minutes. */
    Message next() throws InterruptedException {
        final Message message = messages.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        if (message == null) {
            throw new AssertionError("No event arrived");
        }
        if (message == END) {
            messages.add(END);
            throw new AssertionError("The stream ended");
        }
        return message;
    }

    /** The next event {@code wanted} accepts, skipping the others. */
    Message next(final Predicate<Message> wanted) throws InterruptedException {
        while (true) {
            final Message message = next();
            if (wanted.test(message)) {
                return message;
            }
        }
    }

    /** Wait until the server ends the stream; the events that came before the end. */
    List<Message> awaitEnd() throws InterruptedException {
        final List<Message> before = new ArrayList<>();
        while (true) {
            final Message message = messages.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            if (message == null) {
                throw new AssertionError("The stream did not end");
            }
            if (message == END) {
                return before;
            }
            before.add(message);
        }
    }

    private void read() {
        String event = "message";
        String id = "";
        final StringBuilder data = new StringBuilder();
        try (Stream<String> lines = response.body()) {
            final Iterator<String> it = lines.iterator();
            while (it.hasNext()) {
                final String line = it.next();
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        messages.add(new Message(event, data.substring(0, data.length() - 1), id));
                    }
                    event = "message";
                    id = "";
                    data.setLength(0);
                } else if (line.startsWith(":")) {
                    comments.incrementAndGet();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(line.startsWith("data: ") ? 6 : 5)).append('\n');
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).strip();
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).strip();
                }
            }
        } catch (RuntimeException e) {
            // the connection ended
        } finally {
            messages.add(END);
        }
    }

    @Override
    public void close() {
        response.body().close();
    }
}
