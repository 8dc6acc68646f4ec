package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventNames;
import io.sextant.datastore.events.EventStreams;
import io.sextant.model.ControllerSchema;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** The XPath filter of a subscription: true or false on an event's notification, with module names as prefixes. */
class XPathEventFilterTest {
    private static Event commit(final String outcome, final String node) {
        return new Event(EventStreams.COMMITS, Instant.now(), List.of(node), ControllerSchema.get(),
            ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(new NodeIdentifier(EventNames.COMMIT_FINISHED))
                .withChild(ImmutableNodes.leafNode(EventNames.COMMIT_ID, "c-" + outcome))
                .withChild(ImmutableNodes.leafNode(EventNames.USER, "admin"))
                .withChild(ImmutableNodes.leafNode(EventNames.OUTCOME, outcome))
                .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(EventNames.NODE))
                    .withChild(ImmutableNodes.newMapEntryBuilder()
                        .withNodeIdentifier(NodeIdentifierWithPredicates.of(EventNames.NODE, EventNames.NODE_ID, node))
                        .withChild(ImmutableNodes.leafNode(EventNames.NODE_ID, node))
                        .withChild(ImmutableNodes.leafNode(EventNames.STATUS, outcome))
                        .build())
                    .build())
                .build());
    }

    private static XPathEventFilter filter(final String expression) {
        return XPathEventFilter.compile(expression, ControllerSchema.get(), false);
    }

    @Test
    void aPathWithAPredicateMatchesOnlyTheEventsItSelects() {
        final XPathEventFilter failed = filter("/sextant-events:commit-finished[sextant-events:outcome='fail']");
        assertTrue(failed.matches(commit("fail", "R1")));
        assertFalse(failed.matches(commit("complete", "R1")));
    }

    @Test
    void listEntriesCoreFunctionsAndBooleanOperatorsWork() {
        final XPathEventFilter r1 = filter("count(//sextant-events:node[starts-with(sextant-events:node-id, 'R1')]) > 0"
            + " and not(/sextant-events:commit-finished/sextant-events:outcome = 'fail')");
        assertTrue(r1.matches(commit("complete", "R10")));
        assertFalse(r1.matches(commit("fail", "R10")));
        assertFalse(r1.matches(commit("complete", "R2")));
    }

    @Test
    void anotherNotificationDoesNotMatch() {
        assertFalse(filter("/sextant-events:node-status-changed").matches(commit("complete", "R1")));
        assertTrue(filter("/sextant-events:commit-finished").matches(commit("complete", "R1")));
    }

    @Test
    void whatIsNotSupportedIsRefusedWithTheReason() {
        final var syntax = assertThrows(IllegalArgumentException.class, () -> filter("/a:b["));
        assertTrue(syntax.getMessage().contains("is not a supported XPath 1.0 expression"), syntax.getMessage());
        final var module = assertThrows(IllegalArgumentException.class, () -> filter("/no-such-module:x"));
        assertTrue(module.getMessage().contains("no-such-module"), module.getMessage());
        final var function = assertThrows(IllegalArgumentException.class,
            () -> filter("derived-from-or-self(/sextant-events:commit-finished, 'x')"));
        assertTrue(function.getMessage().contains("derived-from-or-self"), function.getMessage());
        final var variable = assertThrows(IllegalArgumentException.class, () -> filter("$outcome = 'fail'"));
        assertTrue(variable.getMessage().contains("no variables"), variable.getMessage());
    }

    @Test
    void aDeviceStreamFilterMayNameModulesTheControllerDoesNotHave() {
        final XPathEventFilter device = XPathEventFilter.compile("/device-module:alarm", ControllerSchema.get(), true);
        assertFalse(device.matches(commit("complete", "R1")), "a module no schema has matches nothing");
    }
}
