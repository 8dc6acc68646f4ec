package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.perf.run.AnswerComparison.Verdict;
import io.sextant.perf.run.RestconfClient.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerComparisonTest {
    private static final String MISSING = """
        {"ietf-restconf:errors":{"error":[{"error-type":"protocol","error-tag":"data-missing",
        "error-message":"%s"}]}}""";

    @Test
    void bodiesThatDifferOnlyInMemberAndEntryOrderAreTheSame() {
        final Response ours = new Response(200, "{\"a\":{\"x\":1,\"y\":[{\"k\":2},{\"k\":1}]}}");
        final Response theirs = new Response(200, "{\"a\":{\"y\":[{\"k\":1},{\"k\":2}],\"x\":1}}");
        assertEquals(Verdict.SAME, AnswerComparison.compare(ours, theirs));
    }

    @Test
    void aDifferentValueIsABodyDifference() {
        assertEquals(Verdict.BODY_DIFFERS, AnswerComparison.compare(new Response(200, "{\"mtu\":1500}"),
            new Response(200, "{\"mtu\":9000}")));
    }

    @Test
    void errorsCompareByTypeAndTagNotByMessage() {
        assertEquals(Verdict.SAME, AnswerComparison.compare(new Response(404, MISSING.formatted("No such node")),
            new Response(404, MISSING.formatted("Request could not be completed"))));
        assertEquals(Verdict.ERROR_DIFFERS, AnswerComparison.compare(
            new Response(404, MISSING.formatted("x")),
            new Response(404, MISSING.formatted("x").replace("data-missing", "invalid-value"))));
    }

    @Test
    void aDifferentStatusDiffersWhateverTheBodies() {
        assertEquals(Verdict.STATUS_DIFFERS, AnswerComparison.compare(new Response(201, ""), new Response(204, "")));
    }

    @Test
    void xmlComparesWithItsWhitespaceCollapsed() {
        assertEquals(Verdict.SAME, AnswerComparison.compare(new Response(200, "<a>\n  <b>1</b>\n</a>\n"),
            new Response(200, "<a><b>1</b></a>")));
    }

    @Test
    void anUnqualifiedErrorsMemberIsReadAndNamedInTheBrief() {
        final Response unqualified = new Response(409, MISSING.formatted("x").replace("ietf-restconf:errors", "errors"));
        assertEquals(List.of("protocol/data-missing"), AnswerComparison.errors(unqualified.body()));
        assertEquals("409 protocol/data-missing (`errors` without module prefix)", AnswerComparison.brief(unqualified));
    }

    @Test
    void anXmlDeclarationAndTheQuotesOfAttributesDoNotCount() {
        assertEquals(Verdict.SAME, AnswerComparison.compare(
            new Response(200, "<?xml version='1.0' encoding='UTF-8'?>\n<a x='1'/>"),
            new Response(200, "<a x=\"1\"/>")));
    }

    @Test
    void theBriefOfAnErrorNamesItsTagsOrSaysThereIsNoErrorsBody() {
        assertEquals("404 protocol/data-missing", AnswerComparison.brief(new Response(404, MISSING.formatted("x"))));
        assertEquals("500 (no RFC 8040 errors body)", AnswerComparison.brief(new Response(500, "oops")));
        assertEquals(List.of("protocol/data-missing"), AnswerComparison.errors(MISSING.formatted("x")));
    }
}
