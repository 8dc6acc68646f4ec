package io.sextant.testing;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jdt.annotation.Nullable;

/**
 * A real headless Chromium (Debian's {@code chromium}, {@code /usr/bin/chromium}) driven through
 * the Chrome DevTools protocol over its WebSocket: nothing is downloaded, no driver binary runs.
 * The tests of the operator's web page use it: navigate, type into and click elements (as the
 * keyboard and mouse would, through {@code Input} events), evaluate JavaScript, wait for the page
 * to show something, and take screenshots. The browser's login dialog for HTTP authentication,
 * which headless Chromium does not show, is answered through the protocol's {@code Fetch} domain
 * as a user would answer it ({@link #answerLogins}). Its profile lives in a fresh directory; its
 * output goes to {@code chromium.log} there.
 */
public final class Chromium implements AutoCloseable {
    /** Where Debian's package puts it. */
    public static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration COMMAND = Duration.ofSeconds(60);

    private final ManagedProcess process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> pending = new ConcurrentHashMap<>();
    /** Answers the browser's events (login prompts, paused requests) off the socket's own thread. */
    private final ExecutorService events = Executors.newSingleThreadExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "chromium-events");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicInteger loginPrompts = new AtomicInteger();
    private volatile @Nullable Login login;
    private volatile boolean intercepting;

    /** What the login dialog gets: a user and password, or nothing (the user cancels it). */
    private record Login(@Nullable String user, String password) {
    }

    private Chromium(final ManagedProcess process, final WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /**
     * Starts a headless Chromium with a fresh profile below {@code workDir}, a window of 1280x900,
     * trusting any TLS certificate (the controller's is self-signed and made for the test).
     */
    public static Chromium start(final Path workDir) throws IOException, InterruptedException {
        if (!Files.isExecutable(BINARY)) {
            throw new IOException(BINARY + " is missing: ./sextant test installs Debian's chromium with the device tools");
        }
        // a fresh profile each time: an old one's DevToolsActivePort would name a browser that is gone
        final Path profile = Files.createTempDirectory(Files.createDirectories(workDir), "chromium-profile-");
        final ManagedProcess process = ManagedProcess.start("chromium", List.of(BINARY.toString(),
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-extensions", "--disable-default-apps", "--ignore-certificate-errors",
            "--window-size=1280,900", "--user-data-dir=" + profile, "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0", "about:blank"), workDir, workDir.resolve("chromium.log"));
        try {
            final int port = debuggingPort(profile.resolve("DevToolsActivePort"), process);
            final HttpClient http = HttpClient.newHttpClient();
            final String page = pageSocket(http, port);
            final Listener listener = new Listener();
            final WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(page), listener)
                .get(START.toSeconds(), TimeUnit.SECONDS);
            final Chromium chromium = new Chromium(process, socket);
            listener.owner = chromium;
            chromium.send("Page.enable", new JsonObject());
            chromium.send("Runtime.enable", new JsonObject());
            return chromium;
        } catch (IOException | InterruptedException | RuntimeException | ExecutionException | TimeoutException e) {
            process.close();
            throw new IOException("Chromium did not start: see " + process.log(), e);
        }
    }

    private static int debuggingPort(final Path file, final ManagedProcess process)
            throws IOException, InterruptedException {
        final Instant deadline = Instant.now().plus(START);
        while (Instant.now().isBefore(deadline)) {
            if (Files.exists(file)) {
                final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                if (!lines.isEmpty() && !lines.get(0).isBlank()) {
                    return Integer.parseInt(lines.get(0).strip());
                }
            }
            if (!process.isAlive()) {
                throw new IOException("Chromium exited");
            }
            Thread.sleep(100);
        }
        throw new IOException("Chromium did not open its DevTools port within " + START);
    }

    private static String pageSocket(final HttpClient http, final int port) throws IOException, InterruptedException {
        final HttpResponse<String> list = http.send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + port + "/json/list")).build(), HttpResponse.BodyHandlers.ofString());
        for (JsonElement target : JsonParser.parseString(list.body()).getAsJsonArray()) {
            final JsonObject object = target.getAsJsonObject();
            if ("page".equals(object.get("type").getAsString())) {
                return object.get("webSocketDebuggerUrl").getAsString();
            }
        }
        throw new IOException("Chromium has no page: " + list.body());
    }

    /** One DevTools command; its result, or an IOException with the protocol's error. */
    public JsonObject send(final String method, final JsonObject params) throws IOException {
        final int id = ids.incrementAndGet();
        final CompletableFuture<JsonObject> reply = new CompletableFuture<>();
        pending.put(id, reply);
        try {
            transmit(id, method, params);
            final JsonObject answer = reply.get(COMMAND.toSeconds(), TimeUnit.SECONDS);
            if (answer.has("error")) {
                throw new IOException(method + " failed: " + answer.get("error"));
            }
            return answer.getAsJsonObject("result");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(method + " interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException(method + " got no answer", e);
        } finally {
            pending.remove(id);
        }
    }

    /** One message to the browser; the socket takes one at a time. */
    private synchronized void transmit(final int id, final String method, final JsonObject params)
            throws InterruptedException, ExecutionException, TimeoutException {
        final JsonObject message = new JsonObject();
        message.addProperty("id", id);
        message.addProperty("method", method);
        message.add("params", params);
        socket.sendText(message.toString(), true).get(COMMAND.toSeconds(), TimeUnit.SECONDS);
    }

    private void received(final String text) {
        final JsonObject message = JsonParser.parseString(text).getAsJsonObject();
        if (message.has("id")) {
            final CompletableFuture<JsonObject> reply = pending.get(message.get("id").getAsInt());
            if (reply != null) {
                reply.complete(message);
            }
        } else if (message.has("method") && message.has("params")) {
            final String method = message.get("method").getAsString();
            final JsonObject params = message.getAsJsonObject("params");
            events.execute(() -> event(method, params));
        }
    }

    /** An event of the Fetch domain: a paused request goes on, a login prompt gets its answer. */
    private void event(final String method, final JsonObject params) {
        final JsonObject answer = new JsonObject();
        final String command;
        if (method.equals("Fetch.requestPaused")) {
            command = "Fetch.continueRequest";
        } else if (method.equals("Fetch.authRequired")) {
            loginPrompts.incrementAndGet();
            command = "Fetch.continueWithAuth";
            final JsonObject response = new JsonObject();
            final Login current = login;
            final String user = current == null ? null : current.user();
            if (current == null || user == null) {
                response.addProperty("response", "CancelAuth");
            } else {
                response.addProperty("response", "ProvideCredentials");
                response.addProperty("username", user);
                response.addProperty("password", current.password());
            }
            answer.add("authChallengeResponse", response);
        } else {
            return;
        }
        answer.add("requestId", params.get("requestId"));
        try {
            // the answer's reply is not waited for: nobody asks for it
            transmit(ids.incrementAndGet(), command, answer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the browser is gone: the test fails on its next command
        }
    }

    /**
     * From now on, answers the browser's login dialog (HTTP authentication: a 401 with a
     * {@code WWW-Authenticate} challenge the browser has no credentials for) with this user and
     * password, as a user typing them would; the browser then keeps them as it keeps those typed
     * in the dialog. With a null user the dialog is cancelled. Each time the browser asks counts
     * in {@link #loginPrompts}.
     */
    public void answerLogins(final @Nullable String user, final String password) throws IOException {
        login = new Login(user, password);
        if (!intercepting) {
            final JsonObject everything = new JsonObject();
            everything.addProperty("urlPattern", "*");
            final JsonArray patterns = new JsonArray();
            patterns.add(everything);
            final JsonObject params = new JsonObject();
            params.addProperty("handleAuthRequests", true);
            params.add("patterns", patterns);
            send("Fetch.enable", params);
            intercepting = true;
        }
    }

    /** How many times the browser asked for credentials (its login dialog) since it started. */
    public int loginPrompts() {
        return loginPrompts.get();
    }

    /** Opens {@code url} and waits until its document has loaded. */
    public void navigate(final String url) throws IOException {
        final JsonObject params = new JsonObject();
        params.addProperty("url", url);
        send("Page.navigate", params);
        await("document.readyState === 'complete'", "the page " + url + " loads");
    }

    /**
     * The value of a JavaScript expression in the page (a promise is awaited); fails with the
     * page's exception when it throws.
     */
    public JsonElement eval(final String expression) throws IOException {
        final JsonObject params = new JsonObject();
        params.addProperty("expression", expression);
        params.addProperty("awaitPromise", true);
        params.addProperty("returnByValue", true);
        final JsonObject result = send("Runtime.evaluate", params);
        if (result.has("exceptionDetails")) {
            throw new IOException("The page failed on " + expression + ": " + result.get("exceptionDetails"));
        }
        final JsonObject value = result.getAsJsonObject("result");
        return value.has("value") ? value.get("value") : new JsonPrimitive("undefined");
    }

    /** The text of the first element {@code selector} finds; fails when there is none. */
    public String text(final String selector) throws IOException {
        final JsonElement value = eval("(() => { const e = document.querySelector(" + quote(selector)
            + "); return e ? e.innerText : null; })()");
        if (value.isJsonNull()) {
            throw new AssertionError("No element " + selector + " in the page");
        }
        return value.getAsString();
    }

    /**
     * Waits until {@code condition} (JavaScript) is true in the page, up to a minute; fails saying
     * what it waited for ({@code what}) and what the page showed then.
     */
    public void await(final String condition, final String what) throws IOException {
        final Instant deadline = Instant.now().plus(COMMAND);
        while (Instant.now().isBefore(deadline)) {
            final JsonElement value = eval("(() => { try { return !!(" + condition + "); } catch (e) { return false; } })()");
            if (value.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted waiting until " + what, e);
            }
        }
        throw new AssertionError("The page never showed that " + what + " (" + condition + "); it shows:\n"
            + eval("document.body ? document.body.innerText : ''").getAsString());
    }

    /** Waits until an element {@code selector} finds is in the page. */
    public void awaitElement(final String selector, final String what) throws IOException {
        await("document.querySelector(" + quote(selector) + ") !== null", what);
    }

    /** Focuses the element and types {@code text} into it as keyboard input. */
    public void type(final String selector, final String text) throws IOException {
        focus(selector);
        final JsonObject params = new JsonObject();
        params.addProperty("text", text);
        send("Input.insertText", params);
    }

    /** Focuses the element {@code selector} finds; fails when there is none. */
    public void focus(final String selector) throws IOException {
        final JsonElement found = eval("(() => { const e = document.querySelector(" + quote(selector)
            + "); if (!e) return false; e.focus(); return document.activeElement === e; })()");
        if (!found.getAsBoolean()) {
            throw new AssertionError("No focusable element " + selector + " in the page");
        }
    }

    /** Presses a key (for example {@code Enter}, {@code Tab}, {@code " "}) on the focused element. */
    public void press(final String key) throws IOException {
        final String code = switch (key) {
            case "Enter" -> "Enter";
            case "Tab" -> "Tab";
            case " " -> "Space";
            default -> key;
        };
        final int keyCode = switch (key) {
            case "Enter" -> 13;
            case "Tab" -> 9;
            case " " -> 32;
            default -> key.charAt(0);
        };
        for (String type : List.of("rawKeyDown", "keyUp")) {
            final JsonObject params = new JsonObject();
            params.addProperty("type", type);
            params.addProperty("key", key);
            params.addProperty("code", code);
            params.addProperty("windowsVirtualKeyCode", keyCode);
            if (type.equals("rawKeyDown") && (key.equals("Enter") || key.equals(" "))) {
                params.addProperty("text", key.equals("Enter") ? "\r" : " ");
            }
            send("Input.dispatchKeyEvent", params);
            if (type.equals("rawKeyDown") && (key.equals("Enter") || key.equals(" "))) {
                final JsonObject character = new JsonObject();
                character.addProperty("type", "char");
                character.addProperty("key", key);
                character.addProperty("text", key.equals("Enter") ? "\r" : " ");
                send("Input.dispatchKeyEvent", character);
            }
        }
    }

    /** Clicks the centre of the element {@code selector} finds with the mouse. */
    public void click(final String selector) throws IOException {
        final JsonElement box = eval("(() => { const e = document.querySelector(" + quote(selector)
            + "); if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            + " return [r.x + r.width / 2, r.y + r.height / 2]; })()");
        if (box.isJsonNull()) {
            throw new AssertionError("No element " + selector + " to click in the page");
        }
        final JsonArray point = box.getAsJsonArray();
        for (String type : List.of("mousePressed", "mouseReleased")) {
            final JsonObject params = new JsonObject();
            params.addProperty("type", type);
            params.add("x", point.get(0));
            params.add("y", point.get(1));
            params.addProperty("button", "left");
            params.addProperty("clickCount", 1);
            send("Input.dispatchMouseEvent", params);
        }
    }

    /** A PNG of the whole page (beyond the window's height) into {@code file}. */
    public void screenshot(final Path file) throws IOException {
        final JsonObject metrics = send("Page.getLayoutMetrics", new JsonObject());
        final JsonObject size = metrics.getAsJsonObject("cssContentSize");
        final JsonObject clip = new JsonObject();
        clip.addProperty("x", 0);
        clip.addProperty("y", 0);
        clip.addProperty("width", Math.max(1280, size.get("width").getAsDouble()));
        clip.addProperty("height", Math.min(4000, size.get("height").getAsDouble()));
        clip.addProperty("scale", 1);
        final JsonObject params = new JsonObject();
        params.addProperty("format", "png");
        params.addProperty("captureBeyondViewport", true);
        params.add("clip", clip);
        final String data = send("Page.captureScreenshot", params).get("data").getAsString();
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, Base64.getDecoder().decode(data));
    }

    /** A JavaScript string literal of {@code text}. */
    public static String quote(final String text) {
        return new JsonPrimitive(text).toString();
    }

    @Override
    public void close() {
        try {
            send("Browser.close", new JsonObject());
        } catch (IOException e) {
            // the process is ended below whatever the browser answered
        }
        socket.abort();
        events.shutdownNow();
        process.close();
    }

    /** Collects a message's fragments and hands whole messages to the browser's owner. */
    private static final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();
        private volatile @Nullable Chromium owner;

        @Override
        public @Nullable CompletionStage<?> onText(final WebSocket webSocket, final CharSequence data, final boolean last) {
            text.append(data);
            if (last) {
                final String message = text.toString();
                text.setLength(0);
                final Chromium chromium = owner;
                if (chromium != null) {
                    chromium.received(message);
                }
            }
            webSocket.request(1);
            return null;
        }
    }
}
