package io.sextant.restconf.server;

import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;

/** The bodies of the RESTCONF root resource and of its {@code yang-library-version} (RFC 8040 section 3.3). */
final class RootBodies {
    private static final String YANG_LIBRARY_VERSION = "2019-01-04";

    private RootBodies() {
    }

    /** {@code ietf-restconf:restconf}: the data and operations resources and the yang-library version. */
    static FormattableBody root() {
        return (format, pretty, out) -> {
            if (format == Format.XML) {
                BodyWriters.writeXml(out, xml -> {
                    xml.writeStartElement("", "restconf", BodyWriters.RESTCONF_NS);
                    xml.writeDefaultNamespace(BodyWriters.RESTCONF_NS);
                    xml.writeEmptyElement("data");
                    xml.writeEmptyElement("operations");
                    xml.writeStartElement("yang-library-version");
                    xml.writeCharacters(YANG_LIBRARY_VERSION);
                    xml.writeEndElement();
                    xml.writeEndElement();
                });
            } else {
                BodyWriters.writeJson(out, pretty, json -> {
                    json.name("ietf-restconf:restconf").beginObject();
                    json.name("data").beginObject().endObject();
                    json.name("operations").beginObject().endObject();
                    json.name("yang-library-version").value(YANG_LIBRARY_VERSION);
                    json.endObject();
                });
            }
        };
    }

    /** {@code ietf-restconf:yang-library-version}. */
    static FormattableBody yangLibraryVersion() {
        return (format, pretty, out) -> {
            if (format == Format.XML) {
                BodyWriters.writeXml(out, xml -> {
                    xml.writeStartElement("", "yang-library-version", BodyWriters.RESTCONF_NS);
                    xml.writeDefaultNamespace(BodyWriters.RESTCONF_NS);
                    xml.writeCharacters(YANG_LIBRARY_VERSION);
                    xml.writeEndElement();
                });
            } else {
                BodyWriters.writeJson(out, pretty, json -> json.name("ietf-restconf:yang-library-version")
                    .value(YANG_LIBRARY_VERSION));
            }
        };
    }
}
