package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.sextant.spi.OperationError;
import io.sextant.datastore.StateUnavailable;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.CreateResourceResult;
import io.sextant.restconf.api.DataGetResult;
import io.sextant.restconf.api.DataPatchResult;
import io.sextant.restconf.api.DataPutResult;
import io.sextant.restconf.api.DataYangPatchResult;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.InvokeResult;
import io.sextant.restconf.api.OptionsResult;
import io.sextant.restconf.api.ResourceVersion;
import io.sextant.restconf.api.ServerErrors;
import io.sextant.restconf.api.ServerException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * The HTTP layer alone turns the server's typed results and errors into status codes and
 * headers: each result is written through {@link Answers} and {@link ResponseWriter} as the
 * client would receive it.
 */
class ServerResultsBecomeHttpAnswersTest {
    private static final Answers ANSWERS = new Answers("/rests/data");
    private static final ApiPath NODE = ApiPath.parse(
        "network-topology:network-topology/topology=topology-netconf/node=r%201");
    private static final String NODE_LOCATION =
        "/rests/data/network-topology:network-topology/topology=topology-netconf/node=r%201";
    private static final FormattableBody BODY = (format, pretty, out) -> out.write("{\"x\":1}"
        .getBytes(StandardCharsets.UTF_8));
    private static final ResourceVersion VERSION = new ResourceVersion("abc", Instant.parse("2024-05-06T07:08:09Z"));

    /** What a client receives for {@code answer}: status, headers and body. */
    private record Received(int status, Optional<String> location, Optional<String> etag,
            Optional<String> lastModified, Optional<String> allow, Optional<String> acceptPatch, String body) {
    }

    private static Received receive(final Answer answer) {
        final FullHttpResponse http = ResponseWriter.write(answer, Format.JSON, false);
        try {
            final Function<CharSequence, Optional<String>> header = name -> Optional.ofNullable(
                http.headers().get(name));
            return new Received(http.status().code(), header.apply(HttpHeaderNames.LOCATION),
                header.apply(HttpHeaderNames.ETAG), header.apply(HttpHeaderNames.LAST_MODIFIED),
                header.apply(HttpHeaderNames.ALLOW), header.apply("Accept-Patch"),
                http.content().toString(StandardCharsets.UTF_8));
        } finally {
            http.release();
        }
    }

    private static ServerErrors errors(final OperationError... errors) {
        return new ServerErrors(List.of(errors), ControllerSchema.get());
    }

    private static int statusOf(final ErrorTag tag) {
        return receive(ANSWERS.errors(errors(OperationError.of(ErrorType.PROTOCOL, tag, "m")))).status();
    }

    private static OperationError withAppTag(final ErrorTag tag, final String appTag) {
        return new OperationError(ErrorType.APPLICATION, tag, "m", null, appTag,
            null);
    }

    @Test
    void aPutThatCreatedItsResourceIs201WithTheResourcesLocationBelowTheDataPath() {
        final Received created = receive(ANSWERS.dataPut(NODE, DataPutResult.CREATED));
        assertEquals(201, created.status());
        assertEquals(Optional.of(NODE_LOCATION), created.location(), "key values stay percent-encoded");
        assertEquals("", created.body());
    }

    @Test
    void aPutThatReplacedItsResourceIs204WithoutLocation() {
        final Received replaced = receive(ANSWERS.dataPut(NODE, DataPutResult.REPLACED));
        assertEquals(204, replaced.status());
        assertEquals(Optional.empty(), replaced.location());
        assertEquals("", replaced.body());
    }

    @Test
    void aPostThatCreatedAResourceIs201WithTheNewResourcesLocation() {
        final Received created = receive(ANSWERS.dataPost(new CreateResourceResult(NODE)));
        assertEquals(201, created.status());
        assertEquals(Optional.of(NODE_LOCATION), created.location());
    }

    @Test
    void theLocationIsBuiltFromTheTransportsOwnDataPath() {
        final Received created = receive(new Answers("/elsewhere/data").dataPost(new CreateResourceResult(NODE)));
        assertEquals(Optional.of(NODE_LOCATION.replace("/rests/data", "/elsewhere/data")), created.location());
    }

    @Test
    void anOperationWithOutputIs200WithItAndOneWithoutIs204() {
        final Received output = receive(ANSWERS.invoke(InvokeResult.of(BODY)));
        assertEquals(200, output.status());
        assertEquals("{\"x\":1}", output.body());
        assertEquals(204, receive(ANSWERS.invoke(InvokeResult.noOutput())).status());
        assertEquals(200, receive(ANSWERS.dataPost(InvokeResult.of(BODY))).status(), "an action, by POST on data");
        final Received none = receive(ANSWERS.dataPost(InvokeResult.noOutput()));
        assertEquals(204, none.status());
        assertEquals(Optional.empty(), none.location(), "an action creates nothing");
    }

    @Test
    void aReadIs200WithItsVersionAndNotModifiedIs304WithoutABody() {
        final Received content = receive(ANSWERS.dataGet(new DataGetResult.Content(BODY, VERSION)));
        assertEquals(200, content.status());
        assertEquals("{\"x\":1}", content.body());
        assertEquals(Optional.of("\"abc\""), content.etag());
        assertEquals(Optional.of("Mon, 6 May 2024 07:08:09 GMT"), content.lastModified());

        final Received state = receive(ANSWERS.dataGet(new DataGetResult.Content(BODY, null)));
        assertEquals(200, state.status());
        assertEquals(Optional.empty(), state.etag(), "state data has no entity tag");

        final Received notModified = receive(ANSWERS.dataGet(new DataGetResult.NotModified(VERSION)));
        assertEquals(304, notModified.status());
        assertEquals(Optional.of("\"abc\""), notModified.etag());
        assertEquals("", notModified.body());
    }

    @Test
    void aMergeAndADeleteAre204() {
        assertEquals(204, receive(ANSWERS.dataPatch(DataPatchResult.MERGED)).status());
        assertEquals(204, receive(ANSWERS.deleted()).status());
    }

    @Test
    void aYangPatchIs200WithItsOkStatusOrItsErrorsStatusWithThePatchId() {
        final Received ok = receive(ANSWERS.yangPatch(DataYangPatchResult.ok("p1", List.of("/a"))));
        assertEquals(200, ok.status());
        assertTrue(ok.body().contains("\"ietf-yang-patch:yang-patch-status\"") && ok.body().contains("\"ok\""),
            ok.body());

        final Received refused = receive(ANSWERS.yangPatch(DataYangPatchResult.refused("p2",
            errors(OperationError.of(ErrorType.PROTOCOL, ErrorTag.DATA_EXISTS, "already there")), List.of("/a"))));
        assertEquals(409, refused.status());
        assertTrue(refused.body().contains("\"patch-id\":\"p2\"") && refused.body().contains("\"data-exists\""),
            refused.body());
        assertFalse(refused.body().contains("\"ok\""), refused.body());
    }

    @Test
    void optionsIs200WithTheAllowedMethodsAndAcceptPatchWherePatchIsAllowed() {
        final Received config = receive(ANSWERS.options(OptionsResult.CONFIGURATION));
        assertEquals(200, config.status());
        assertEquals(Optional.of("DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"), config.allow());
        assertTrue(config.acceptPatch().orElseThrow().contains("application/yang-patch+json"));

        final Received state = receive(ANSWERS.options(OptionsResult.READ_ONLY));
        assertEquals(Optional.of("GET, HEAD, OPTIONS"), state.allow());
        assertEquals(Optional.empty(), state.acceptPatch());
    }

    @Test
    void errorsAnswerTheStatusTheirFirstErrorTagCallsFor() {
        assertEquals(400, statusOf(ErrorTag.INVALID_VALUE));
        assertEquals(400, statusOf(ErrorTag.MALFORMED_MESSAGE));
        assertEquals(403, statusOf(ErrorTag.ACCESS_DENIED));
        assertEquals(404, statusOf(ErrorTag.DATA_MISSING));
        assertEquals(405, statusOf(ErrorTag.OPERATION_NOT_SUPPORTED));
        assertEquals(409, statusOf(ErrorTag.DATA_EXISTS));
        assertEquals(409, statusOf(ErrorTag.IN_USE));
        assertEquals(413, statusOf(ErrorTag.TOO_BIG));
        assertEquals(500, statusOf(ErrorTag.OPERATION_FAILED));
        assertEquals(400, receive(ANSWERS.errors(errors(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
            "first"), OperationError.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING, "second")))).status());
    }

    @Test
    void errorsWithTheirOwnMeaningOverrideTheirTag() {
        assertEquals(412, receive(ANSWERS.errors(errors(withAppTag(ErrorTag.OPERATION_FAILED,
            ServerErrors.PRECONDITION_FAILED)))).status(), "a failed precondition");
        assertEquals(503, receive(ANSWERS.errors(errors(withAppTag(ErrorTag.RESOURCE_DENIED,
            StateUnavailable.APP_TAG)))).status(), "the database is unavailable: try later");
        assertEquals(409, receive(ANSWERS.errors(errors(withAppTag(ErrorTag.OPERATION_FAILED, "data-not-unique"))))
            .status(), "a YANG constraint refused the data");
        assertEquals(500, receive(ANSWERS.errors(errors())).status(), "a failure nothing describes");
    }

    @Test
    void anErrorsBodyCarriesTheErrors() {
        final Received missing = receive(ANSWERS.errors(errors(OperationError.of(ErrorType.PROTOCOL,
            ErrorTag.DATA_MISSING, "no such node"))));
        assertTrue(missing.body().contains("\"ietf-restconf:errors\"") && missing.body().contains("\"data-missing\"")
            && missing.body().contains("no such node"), missing.body());
    }

    @Test
    void aStageFailedWithAServerExceptionIsAnsweredWithItsErrorsAndAnyOtherFailureIsNot() {
        final ServerException failed = new ServerException(errors(OperationError.of(ErrorType.PROTOCOL,
            ErrorTag.DATA_MISSING, "gone")));
        assertEquals(404, receive(ANSWERS.failure(new CompletionException(failed))).status());
        assertEquals(404, receive(ANSWERS.failure(failed)).status());

        final IllegalStateException bug = new IllegalStateException("a bug");
        final CompletionException thrown = assertThrows(CompletionException.class,
            () -> ANSWERS.failure(new CompletionException(bug)));
        assertSame(bug, thrown.getCause(), "left to the transport's last resort");
    }
}
