package io.sextant.restconf;

import io.sextant.model.SchemaBuilder;
import io.sextant.model.YangSource;
import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** The test-only module {@code sextant-test-rfc8040}: ordered-by user lists, defaults, actions. */
final class TestModule {
    static final QNameModule MODULE = QNameModule.of(XMLNamespace.of("urn:sextant:test:rfc8040"),
        Revision.of("2026-11-23"));
    static final String PLAYLIST = "/rests/data/sextant-test-rfc8040:playlist";

    private TestModule() {
    }

    static QName qname(final String name) {
        return QName.create(MODULE, name);
    }

    static EffectiveModelContext schema() throws Exception {
        return SchemaBuilder.build(List.of(new YangSource("sextant-test-rfc8040", Revision.of("2026-11-23"),
            TestModule.class.getResource("/yang/sextant-test-rfc8040@2026-11-23.yang"))));
    }
}
