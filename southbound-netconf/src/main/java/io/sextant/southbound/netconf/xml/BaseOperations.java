package io.sextant.southbound.netconf.xml;

import io.sextant.southbound.netconf.NetconfDatastore;
import java.time.Duration;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The RFC 6241 and RFC 6022 operations, as the XML of the {@code <rpc>} content. Data payloads
 * (filters, config) come from {@link DataCodec}.
 */
public final class BaseOperations {
    private static final String NS = " xmlns=\"" + NetconfXml.BASE_NS + "\"";

    private BaseOperations() {
    }

    /** {@code <get-config>}, with a subtree filter when {@code filter} is not null (may be empty: selects nothing). */
    public static String getConfig(final NetconfDatastore source, final @Nullable String filter) {
        return "<get-config" + NS + "><source><" + source.elementName() + "/></source>" + filter(filter)
            + "</get-config>";
    }

    /** {@code <get>}, with a subtree filter when {@code filter} is not null. */
    public static String get(final @Nullable String filter) {
        return "<get" + NS + ">" + filter(filter) + "</get>";
    }

    private static String filter(final @Nullable String filter) {
        return filter == null ? "" : "<filter type=\"subtree\">" + filter + "</filter>";
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

    /** A confirmed {@code <commit>}; with {@code <persist>} when {@code persist} is not null. */
    public static String confirmedCommit(final Duration timeout, final @Nullable String persist) {
        return "<commit" + NS + "><confirmed/><confirm-timeout>" + Math.max(1, timeout.toSeconds())
            + "</confirm-timeout>" + (persist == null ? "" : "<persist>" + NetconfXml.escape(persist) + "</persist>")
            + "</commit>";
    }

    public static String confirmCommit(final @Nullable String persistId) {
        return persistId == null ? commit()
            : "<commit" + NS + "><persist-id>" + NetconfXml.escape(persistId) + "</persist-id></commit>";
    }

    public static String cancelCommit(final @Nullable String persistId) {
        return "<cancel-commit" + NS + ">"
            + (persistId == null ? "" : "<persist-id>" + NetconfXml.escape(persistId) + "</persist-id>")
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
    public static String getSchema(final String identifier, final @Nullable String version) {
        return "<get-schema xmlns=\"" + NetconfXml.MONITORING_NS + "\"><identifier>" + NetconfXml.escape(identifier)
            + "</identifier>" + (version == null ? "" : "<version>" + NetconfXml.escape(version) + "</version>")
            + "<format>yang</format></get-schema>";
    }

    /** The cheapest request every device answers: get-config of running selecting nothing. */
    public static String keepalive() {
        return getConfig(NetconfDatastore.RUNNING, "");
    }
}
