package io.sextant.restconf.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventStreams;
import io.sextant.datastore.events.ReplayLimits;
import io.sextant.datastore.events.StreamsState;
import io.sextant.spi.RequestContext;
import io.sextant.restconf.api.Format;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * {@code GET /rests/streams/<encoding>/<stream>} with {@code Accept: text/event-stream}: the stream's events
 * as server-sent events (RFC 8040 section 6.3), each an RFC 8040 notification in JSON or XML. The query may
 * name nodes ({@code node=R1,R2} or {@code node} repeated): only events about those nodes are sent; RFC 8040
 * {@code start-time} (and {@code stop-time}) replays the events kept since then first (and ends the stream at
 * stop-time); an XPath {@code filter} sends only the events it is true for ({@link XPathEventFilter}). Each
 * event carries an SSE id; a request with {@code Last-Event-ID} (a client resuming) gets the kept events after
 * that one first, instead of those since start-time. A user
 * NACM does not let read a stream's notification is refused (403); events of other notifications (device
 * notifications) the user may not read are left out.
 */
public final class EventStreamEndpoint {
    /** The system property with the keep-alive interval in seconds. */
    public static final String KEEP_ALIVE_PROPERTY = "sextant.events.keepalive-seconds";
    private static final String PREFIX = StreamsState.LOCATION_ROOT + "/";
    private static final String LAST_EVENT_ID = "Last-Event-ID";
    /** No streams: every location answers 404. */
    public static final EventStreamEndpoint NONE = new EventStreamEndpoint(null, NotificationAccess.ALL,
        Duration.ofSeconds(15));

    private final @Nullable EventStreams bus;
    private final NotificationAccess access;
    private final Duration keepAlive;

    /**
     * @param bus the streams served
     * @param access whether a user may receive a notification
     * @param keepAlive how often an idle stream gets a comment
     */
    public EventStreamEndpoint(final @Nullable EventStreams bus, final NotificationAccess access,
            final Duration keepAlive) {
        this.bus = bus;
        this.access = access;
        this.keepAlive = keepAlive;
    }

    /** Keep-alive per {@value #KEEP_ALIVE_PROPERTY} (default 15 s). */
    public static EventStreamEndpoint of(final EventStreams bus, final NotificationAccess access) {
        return new EventStreamEndpoint(bus, access, Duration.ofSeconds(Long.getLong(KEEP_ALIVE_PROPERTY, 15)));
    }

    /** Whether {@code path} is one this endpoint answers. */
    static boolean serves(final String path) {
        return path.equals(StreamsState.LOCATION_ROOT) || path.startsWith(PREFIX);
    }

    /** Answer the request: an error, or the start of the stream, which goes on until either side ends it. */
    void serve(final ChannelHandlerContext ctx, final FullHttpRequest request, final QueryStringDecoder uri,
            final RequestContext context, final Reply reply) {
        final Format errors = reply.format;
        final EventStreams streams = bus;
        final String path = uri.path();
        final String[] parts = path.startsWith(PREFIX) ? path.substring(PREFIX.length()).split("/", -1)
            : new String[0];
        if (streams == null || parts.length != 2 || streams.stream(parts[1]).isEmpty()) {
            reply.send(HttpErrors.response(errors, 404, ErrorTag.INVALID_VALUE, "No event stream at " + path
                + "; the streams and their locations are listed at "
                + "/rests/data/ietf-restconf-monitoring:restconf-state/streams"));
            return;
        }
        final Format format = switch (parts[0]) {
            case "json" -> Format.JSON;
            case "xml" -> Format.XML;
            default -> null;
        };
        if (format == null) {
            reply.send(HttpErrors.response(errors, 404, ErrorTag.INVALID_VALUE, "No event stream at " + path
                + ": the encoding is json or xml"));
            return;
        }
        if (!request.method().equals(HttpMethod.GET)) {
            final FullHttpResponse refused = HttpErrors.response(errors, 405, ErrorTag.OPERATION_NOT_SUPPORTED,
                "An event stream is read with GET");
            refused.headers().set(HttpHeaderNames.ALLOW, "GET");
            reply.send(refused);
            return;
        }
        if (!acceptsEventStream(request.headers().getAll(HttpHeaderNames.ACCEPT))) {
            reply.send(HttpErrors.response(errors, 406, ErrorTag.INVALID_VALUE,
                "An event stream is delivered as text/event-stream: the request's Accept must allow it"));
            return;
        }
        final EventStreams.Stream stream = streams.stream(parts[1]).orElseThrow();
        final StreamQuery query;
        final @Nullable XPathEventFilter xpath;
        try {
            query = StreamQuery.parse(uri.parameters(), streams.now());
            final String expression = query.filter();
            xpath = expression == null ? null : XPathEventFilter.compile(expression, streams.schema(),
                stream.notification() == null);
        } catch (IllegalArgumentException e) {
            reply.send(HttpErrors.response(errors, 400, ErrorTag.INVALID_VALUE, String.valueOf(e.getMessage())));
            return;
        }
        if (query.start() != null && !streams.replaySupported()) {
            reply.send(HttpErrors.response(errors, 400, ErrorTag.INVALID_VALUE, "start-time: this controller keeps "
                + "no events for replay (" + ReplayLimits.MAX_EVENTS_PROPERTY + " is 0)"));
            return;
        }
        final QName notification = stream.notification();
        if (notification != null && !access.mayReceive(context, streams.schema(), notification)) {
            reply.send(HttpErrors.response(errors, 403, ErrorTag.ACCESS_DENIED, "Access denied: user '"
                + context.user() + "' may not receive " + notification.getLocalName() + " notifications (NACM)"));
            return;
        }
        final HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8")
            .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
            .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        HttpUtil.setTransferEncodingChunked(head, true);
        final Set<String> nodes = query.nodes();
        final Predicate<Event> filter = nodes.isEmpty() ? event -> true
            : event -> event.nodes().stream().anyMatch(nodes::contains);
        final Predicate<Event> mayReceive = event -> access.mayReceive(context, event.schema(), event.name());
        final EventStreamSession session = new EventStreamSession(ctx, streams, format,
            xpath == null ? mayReceive : mayReceive.and(xpath::matches), query.stop());
        // subscribed before the client sees the answer: whatever it does once it has the answer is seen
        final String lastEventId = lastEventId(request);
        if (lastEventId != null) {
            // a client resuming (an EventSource reconnecting): after its last event, whatever start-time says
            session.subscribeAfter(stream.name(), filter, lastEventId);
        } else {
            session.subscribe(stream.name(), filter, query.start());
        }
        if (!reply.stream(head)) {
            session.cancel();
            return;
        }
        session.start(stream.name(), keepAlive);
    }

    /** The request's {@code Last-Event-ID} (the SSE header a client resumes with); null when it has none. */
    private static @Nullable String lastEventId(final FullHttpRequest request) {
        final String value = request.headers().get(LAST_EVENT_ID);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** Whether the Accept header (absent: anything) allows text/event-stream. */
    static boolean acceptsEventStream(final List<String> accept) {
        if (accept.isEmpty()) {
            return true;
        }
        for (String header : accept) {
            for (String range : header.split(",", -1)) {
                final String type = range.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
                if (type.equals("text/event-stream") || type.equals("text/*") || type.equals("*/*")) {
                    return true;
                }
            }
        }
        return false;
    }

}
