package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventNames;
import io.sextant.datastore.events.EventStreams;
import io.sextant.model.ControllerSchema;
import io.sextant.model.SchemaBuilder;
import io.sextant.model.YangSource;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

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
            () -> filter("deref(/sextant-events:commit-finished)"));
        assertTrue(function.getMessage().contains("deref() is not supported"), function.getMessage());
        final var variable = assertThrows(IllegalArgumentException.class, () -> filter("$outcome = 'fail'"));
        assertTrue(variable.getMessage().contains("no variables"), variable.getMessage());
    }

    @Test
    void aDeviceStreamFilterMayNameModulesTheControllerDoesNotHave() {
        final XPathEventFilter device = XPathEventFilter.compile("/device-module:alarm", ControllerSchema.get(), true);
        assertFalse(device.matches(commit("complete", "R1")), "a module no schema has matches nothing");
    }

    private static Event linkUp(final EffectiveModelContext schema, final String protocol, final String flags) {
        final QNameModule module = schema.findModules("filter-test").iterator().next().getQNameModule();
        return new Event(EventStreams.DEVICE_NOTIFICATIONS, Instant.now(), List.of("R1"), schema,
            ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(new NodeIdentifier(QName.create(module, "link-up")))
                .withChild(ImmutableNodes.leafNode(QName.create(module, "protocol"), QName.create(module, protocol)))
                .withChild(ImmutableNodes.leafNode(QName.create(module, "flags"), Set.of(flags.split(" "))))
                .build());
    }

    private static EffectiveModelContext filterTestSchema() throws Exception {
        return SchemaBuilder.build(List.of(new YangSource("filter-test", Revision.of("2026-12-07"),
            XPathEventFilterTest.class.getResource("/filter-test.yang"))));
    }

    @Test
    void reMatchTakesAnXmlSchemaPatternThatMatchesTheWholeValue() {
        final XPathEventFilter failed = filter("re-match(/sextant-events:commit-finished/sextant-events:commit-id, "
            + "'c-f[a-z]+')");
        assertTrue(failed.matches(commit("fail", "R1")));
        assertFalse(failed.matches(commit("complete", "R1")));
        assertFalse(filter("re-match(/sextant-events:commit-finished/sextant-events:commit-id, 'f[a-z]+')")
            .matches(commit("fail", "R1")), "the whole value, not a part of it");
        assertTrue(filter("re-match('a$b', 'a$b')").matches(commit("fail", "R1")), "no anchors in XSD patterns");
        assertTrue(filter("re-match('if-1', '\\i\\c*')").matches(commit("fail", "R1")), "XSD name classes");
        assertTrue(filter("re-match('b', '[a-z-[aeiou]]') and not(re-match('a', '[a-z-[aeiou]]'))")
            .matches(commit("fail", "R1")), "class subtraction");
    }

    @Test
    void currentIsTheNotificationsDocument() {
        assertTrue(filter("count(current()/sextant-events:commit-finished) = 1").matches(commit("fail", "R1")));
        assertFalse(filter("current()/sextant-events:node-status-changed").matches(commit("fail", "R1")));
    }

    @Test
    void derivedFromAndBitIsSetReadADevicesNotification() throws Exception {
        final EffectiveModelContext schema = filterTestSchema();
        final XPathEventFilter tcpLike = XPathEventFilter.compile(
            "derived-from(/filter-test:link-up/filter-test:protocol, 'filter-test:tcp')", ControllerSchema.get(), true);
        assertTrue(tcpLike.matches(linkUp(schema, "tls", "up")));
        assertFalse(tcpLike.matches(linkUp(schema, "tcp", "up")), "derived-from is strict");
        assertFalse(tcpLike.matches(linkUp(schema, "serial", "up")));
        assertTrue(XPathEventFilter.compile("derived-from-or-self(/filter-test:link-up/filter-test:protocol, "
            + "'filter-test:tcp')", ControllerSchema.get(), true).matches(linkUp(schema, "tcp", "up")));

        final XPathEventFilter fast = XPathEventFilter.compile("bit-is-set(/filter-test:link-up/filter-test:flags, "
            + "'fast')", ControllerSchema.get(), true);
        assertTrue(fast.matches(linkUp(schema, "tcp", "up fast")));
        assertFalse(fast.matches(linkUp(schema, "tcp", "up shared")));
    }

    @Test
    void functionsThatNeedTheSchemaNodeAreRefusedAndLiteralsAreLeftAlone() {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> filter("enum-value(/sextant-events:commit-finished/sextant-events:outcome) = 1"));
        assertTrue(refused.getMessage().contains("enum-value() is not supported"), refused.getMessage());
        assertEquals("x = 're-match(a' and sextant-yang-fn:re-match(y, \"current()\")",
            YangXPathFunctions.qualify("x = 're-match(a' and re-match(y, \"current()\")"));
        assertEquals("m:current() or (/)", YangXPathFunctions.qualify("m:current() or current()"));
    }
}
