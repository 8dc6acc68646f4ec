package io.sextant.restconf.server;

import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A successful YANG-Patch: {@code yang-patch-status} with {@code ok} (RFC 8072 section 2.3).
 *
 * @param patchId the patch's {@code patch-id}
 */
record PatchStatusBody(String patchId) implements FormattableBody {

    @Override
    public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
        if (format == Format.XML) {
            BodyWriters.writeXml(out, xml -> {
                xml.writeStartElement("", "yang-patch-status", YangPatchParser.PATCH_NS);
                xml.writeDefaultNamespace(YangPatchParser.PATCH_NS);
                xml.writeStartElement("patch-id");
                xml.writeCharacters(patchId);
                xml.writeEndElement();
                xml.writeEmptyElement("ok");
                xml.writeEndElement();
            });
            return;
        }
        BodyWriters.writeJson(out, pretty, json -> {
            json.name("ietf-yang-patch:yang-patch-status").beginObject();
            json.name("patch-id").value(patchId);
            json.name("ok").beginArray().nullValue().endArray();
            json.endObject();
        });
    }
}
