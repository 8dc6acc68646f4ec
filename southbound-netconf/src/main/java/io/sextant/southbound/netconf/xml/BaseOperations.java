package io.sextant.southbound.netconf.xml;

import io.sextant.southbound.netconf.NetconfDatastore;
import java.time.Duration;
import java.util.Optional;

/**
 * The RFC 6241 and RFC 6022 operations, as the XML of the {@code <rpc>} content. Data payloads
 * (filters, config) come from {@link DataCodec}.
 */
public final class BaseOperations {
    private static final String NS = " xmlns=\"" + NetconfXml.BASE_NS + "\"";

    private BaseOperations() {
    }

    /** {@code <get-config>}, with a subtree filter when {@code filter} is present (may be empty: selects nothing). */
    public static String getConfig(final NetconfDatastore source, final Optional<String> filter) {
        return "<get-config" + NS + "><source><" + source.elementName() + "/></source>" + filter(filter)
            + "</get-config>";
    }

    public static String get(final Optional<String> filter) {
        return "<get" + NS + ">" + filter(filter) + "</get>";
    }

    private static String filter(final Optional<String> filter) {
        return filter.map(f -> "<filter type=\"subtree\">" + f + "</filter>").orElse("");
    }

    public static String lock(final NetconfDatastore target) {
        return "<lock" + NS + "><target><" + target.elementName() + "/></target></lock>";
    }

    public static String unlock(final NetconfDatastore target) {
        return "<unlock" + NS + "><target><" + target.elementName() + "/></target></unlock>";
    }

    public static String commit() {
        return "<commit" + NS + "/>";
    }

    public static String confirmedCommit(final Duration timeout, final Optional<String> persist) {
        return "<commit" + NS + "><confirmed/><confirm-timeout>" + Math.max(1, timeout.toSeconds())
            + "</confirm-timeout>" + persist.map(p -> "<persist>" + NetconfXml.escape(p) + "</persist>").orElse("")
            + "</commit>";
    }

    public static String confirmCommit(final Optional<String> persistId) {
        return persistId.map(id -> "<commit" + NS + "><persist-id>" + NetconfXml.escape(id) + "</persist-id></commit>")
            .orElse(commit());
    }

    public static String cancelCommit(final Optional<String> persistId) {
        return "<cancel-commit" + NS + ">"
            + persistId.map(id -> "<persist-id>" + NetconfXml.escape(id) + "</persist-id>").orElse("")
            + "</cancel-commit>";
    }

    public static String discardChanges() {
        return "<discard-changes" + NS + "/>";
    }

    public static String validate(final NetconfDatastore source) {
        return "<validate" + NS + "><source><" + source.elementName() + "/></source></validate>";
    }

    public static String closeSession() {
        return "<close-session" + NS + "/>";
    }

    /** RFC 6022 {@code <get-schema>} of a YANG module or submodule. */
    public static String getSchema(final String identifier, final Optional<String> version) {
        return "<get-schema xmlns=\"" + NetconfXml.MONITORING_NS + "\"><identifier>" + NetconfXml.escape(identifier)
            + "</identifier>" + version.map(v -> "<version>" + NetconfXml.escape(v) + "</version>").orElse("")
            + "<format>yang</format></get-schema>";
    }

    /** The cheapest request every device answers: get-config of running selecting nothing. */
    public static String keepalive() {
        return getConfig(NetconfDatastore.RUNNING, Optional.of(""));
    }
}
