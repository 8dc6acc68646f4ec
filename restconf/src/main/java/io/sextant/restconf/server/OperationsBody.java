package io.sextant.restconf.server;

import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The list of invocable RPCs, as {@code ietf-restconf:operations}.
 *
 * @param names the RPCs, in the order to list them
 * @param schema the schema that names their modules
 */
record OperationsBody(List<QName> names, EffectiveModelContext schema) implements FormattableBody {

    @Override
    public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
        if (format == Format.XML) {
            BodyWriters.writeXml(out, xml -> {
                xml.writeStartElement("", "operations", BodyWriters.RESTCONF_NS);
                xml.writeDefaultNamespace(BodyWriters.RESTCONF_NS);
                for (QName name : names) {
                    xml.writeEmptyElement("", name.getLocalName(), name.getNamespace().toString());
                    xml.writeDefaultNamespace(name.getNamespace().toString());
                }
                xml.writeEndElement();
            });
            return;
        }
        BodyWriters.writeJson(out, pretty, json -> {
            json.name("ietf-restconf:operations").beginObject();
            for (QName name : names) {
                final String module = schema.findModule(name.getModule()).map(m -> m.getName()).orElse("");
                json.name(module + ":" + name.getLocalName()).beginArray().nullValue().endArray();
            }
            json.endObject();
        });
    }
}
