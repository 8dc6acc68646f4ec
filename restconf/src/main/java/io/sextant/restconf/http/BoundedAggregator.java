package io.sextant.restconf.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpExpectationFailedEvent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.sextant.spi.HttpLimits;
import io.sextant.restconf.api.Format;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * Netty's aggregator, answering a body over the limit with {@code 413}, and an expectation
 * other than {@code 100-continue} with {@code 417}, each with an RFC 8040 errors body (Netty's
 * own answers have none), then closing the connection: the rest of the body is not worth
 * reading.
 */
final class BoundedAggregator extends HttpObjectAggregator {
    BoundedAggregator(final int maxBodyBytes) {
        super(maxBodyBytes, true);
    }

    @Override
    protected Object newContinueResponse(final HttpMessage start, final int maxContentLength,
            final ChannelPipeline pipeline) {
        final String expect = start.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
            pipeline.fireUserEventTriggered(HttpExpectationFailedEvent.INSTANCE);
            return HttpErrors.closing(Format.JSON, 417, ErrorTag.INVALID_VALUE, "Unsupported expectation '"
                + expect + "': only 100-continue is supported");
        }
        return super.newContinueResponse(start, maxContentLength, pipeline);
    }

    @Override
    protected void handleOversizedMessage(final ChannelHandlerContext ctx, final HttpMessage oversized) {
        ctx.writeAndFlush(HttpErrors.closing(Format.JSON, 413, ErrorTag.TOO_BIG,
            "The request body is larger than " + maxContentLength() + " bytes (" + HttpLimits.MAX_BODY_PROPERTY + ")"))
            .addListener(LingeringClose.AFTER_RESPONSE);
    }
}
