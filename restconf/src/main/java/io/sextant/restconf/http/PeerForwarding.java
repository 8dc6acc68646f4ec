package io.sextant.restconf.http;

import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.sextant.datastore.Failures;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.ServerErrors;
import io.sextant.restconf.api.ServerException;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.OperationError;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * Sends a request whose nodes another controller instance holds ({@link HeldElsewhere}) on to
 * that instance, with the caller's own credentials and headers, once: a request that was sent on
 * already ({@value #HEADER}) is answered where it arrived. The caller gets the holder's answer as
 * it is; when the holder cannot be reached, a 503 saying whether the request reached it.
 */
public final class PeerForwarding {
    /** Marks a request one instance sent on to another; its value is the client's address as that instance saw it. */
    public static final String HEADER = "Sextant-Forwarded";
    /** The longest client address taken from {@value #HEADER} into an audit record. */
    private static final int MAX_SOURCE = 64;
    /** Sends nothing on: requests for nodes held elsewhere get the {@link HeldElsewhere} error. */
    public static final PeerForwarding NONE = new PeerForwarding(null, "https");
    private static final Duration CONNECT = Duration.ofSeconds(5);
    /** Longer than a commit takes, device timeouts and a rollback included. */
    private static final Duration ANSWER = Duration.ofMinutes(5);
    private static final List<String> COPIED = List.of(HttpHeaderNames.AUTHORIZATION.toString(),
        HttpHeaderNames.CONTENT_TYPE.toString(), HttpHeaderNames.ACCEPT.toString());

    private final @Nullable HttpClient client;
    private final String scheme;

    private PeerForwarding(final @Nullable HttpClient client, final String scheme) {
        this.client = client;
        this.scheme = scheme;
    }

    /** Over HTTPS, trusting the peers {@code tls} trusts (for example, exactly the certificate they share). */
    public static PeerForwarding overTls(final SSLContext tls) {
        return new PeerForwarding(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(tls)
            .connectTimeout(CONNECT).build(), "https");
    }

    /** Over plain HTTP (instances serving plain HTTP on loopback). */
    public static PeerForwarding plain() {
        return new PeerForwarding(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT).build(), "http");
    }

    /**
     * The holder's answer when {@code failure} is a {@link HeldElsewhere} error of a request this
     * instance may send on; null otherwise. The request's buffer must stay alive until the call returns.
     *
     * @param source the client's address, as this instance saw it: the holder's audit record names it
     */
    @Nullable CompletionStage<Answer> forward(final FullHttpRequest request, final Throwable failure,
            final String source) {
        final HttpClient http = client;
        if (http == null || request.headers().contains(HEADER)
                || !(Failures.unwrap(failure) instanceof ServerException refused)) {
            return null;
        }
        final ServerErrors errors = refused.errors();
        final String address = HeldElsewhere.address(errors.errors());
        if (address == null) {
            return null;
        }
        final HttpRequest.Builder builder;
        try {
            builder = HttpRequest.newBuilder(URI.create(scheme + "://" + address + request.uri())).timeout(ANSWER)
                .method(request.method().name(), HttpRequest.BodyPublishers.ofByteArray(
                    ByteBufUtil.getBytes(request.content())))
                .header(HEADER, source);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(unreachable(errors, address, "its address is not usable ("
                + e.getMessage() + ")", false));
        }
        for (String name : COPIED) {
            final String value = request.headers().get(name);
            if (value != null) {
                builder.header(name, value);
            }
        }
        return http.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofByteArray()).handle((response, lost) -> {
            if (lost == null) {
                return new Answer(response.statusCode(), response.body().length == 0 ? null
                    : new Relayed(response.body(), response.headers().firstValue("content-type")
                        .orElse("application/octet-stream")), null, null, List.of(), true, List.of());
            }
            final Throwable cause = Failures.unwrap(lost);
            // not connected, or the handshake refused its certificate: the request never left
            final boolean notSent = cause instanceof ConnectException || cause instanceof HttpConnectTimeoutException
                || cause instanceof SSLHandshakeException;
            return unreachable(errors, address, notSent ? "it cannot be reached (" + cause.getMessage() + ")"
                : "the connection to it was lost during the request (" + cause.getMessage() + ")", !notSent);
        });
    }

    /**
     * Where a request came from, for its audit record: {@code peer} (the connection's address), or
     * for a request another instance sent on, the client's address it names and {@code peer}. The
     * client's address is what that instance says (clipped, printable characters only); the
     * connection's address is always there.
     */
    static String source(final FullHttpRequest request, final String peer) {
        final String claimed = request.headers().get(HEADER);
        if (claimed == null) {
            return peer;
        }
        final StringBuilder client = new StringBuilder();
        claimed.codePoints().filter(c -> c > 0x20 && c < 0x7f).limit(MAX_SOURCE).forEach(client::appendCodePoint);
        return client + " (sent on by " + peer + ")";
    }

    private static Answer unreachable(final ServerErrors refused, final String address, final String why,
            final boolean maybeDone) {
        final OperationError held = refused.errors().get(0);
        final String outcome = maybeDone ? "whether it did what was asked is not known here: read the nodes and "
            + "the transaction log before trying again" : "nothing was done: try again once its nodes are taken over";
        final OperationError error = new OperationError(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED,
            held.message().replace(": send the request to that instance", "") + "; this instance sent the request "
                + "on to " + address + ", but " + why + "; " + outcome, null, HeldElsewhere.UNREACHABLE_APP_TAG,
            address);
        return Answer.of(503, new ErrorsBody(List.of(error), refused.schema()));
    }

    /** The holder's body, as it was sent, of its own media type. */
    private record Relayed(byte[] bytes, String type) implements FormattableBody {
        @Override
        public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
            out.write(bytes);
        }

        @Override
        public Optional<String> mediaType() {
            return Optional.of(type);
        }
    }
}
