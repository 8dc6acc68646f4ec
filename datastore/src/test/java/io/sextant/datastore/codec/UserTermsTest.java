package io.sextant.datastore.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.model.ControllerSchema;
import org.junit.jupiter.api.Test;

/**
 * yangtools' messages that reached RESTCONF bodies in fuzz-openapi runs read in the user's terms.
 * The stores no longer let these refusals happen on writes (they follow RFC 7950), so this is the
 * last guard for data that arrives another way.
 */
class UserTermsTest {
    private static final String DIFFSERV = "(urn:ietf:params:xml:ns:yang:ietf-diffserv-action?revision=2015-04-07)";

    @Test
    void aChoiceHoldingTwoCasesNamesBothNodesAndNoDataRendering() {
        final String yangtools = "Child " + DIFFSERV + "max-rate-cfg (from case CaseEnforcer{children={" + DIFFSERV
            + "max-rate-cfg=...}}) implies non-presence of child " + DIFFSERV + "marking-cfg (from case CaseEnforcer{"
            + "children={}}), which is ImmutableContainerNode{name=" + DIFFSERV + "marking-cfg, body=["
            + "ImmutableLeafNode{name=" + DIFFSERV + "dscp, body=10}]}";
        assertEquals("'ietf-diffserv-action:marking-cfg' cannot be present beside 'ietf-diffserv-action:max-rate-cfg':"
            + " they belong to different cases of one choice", UserTerms.of(yangtools, ControllerSchema.get()));
    }

    @Test
    void anyObjectRenderingLeftBecomesTheNameItCarries() {
        final String ni = "(http://openconfig.net/yang/network-instance?revision=2017-01-13)";
        assertEquals("openconfig-network-instance:interface[openconfig-network-instance:id=b] violates unique constraint"
            + " on [null, null] of [openconfig-network-instance:config/openconfig-network-instance:interface]",
            UserTerms.of(ni + "interface[{" + ni + "id=b}] violates unique constraint on [null, null] of [Descendant{"
                + "qnames=[" + ni + "config, " + ni + "interface]}]", ControllerSchema.get()));
        assertEquals("which is 'openconfig-network-instance:config'", UserTerms.of("which is ImmutableContainerNode{name="
            + ni + "config, body=[ImmutableLeafNode{name=" + ni + "id, body=a}]}", ControllerSchema.get()));
    }

    @Test
    void elementCountsAreSaidWithTheirStatement() {
        final String ni = "(http://openconfig.net/yang/network-instance?revision=2017-01-13)";
        assertEquals("'openconfig-network-instance:interface' has 4 entries, more than its max-elements 3",
            UserTerms.of(ni + "interface has too many elements (4), can have at most 3", ControllerSchema.get()));
        assertEquals("'openconfig-network-instance:interface' has 1 entries, fewer than its min-elements 2",
            UserTerms.of(ni + "interface does not have enough elements (1), needs at least 2", ControllerSchema.get()));
    }
}
