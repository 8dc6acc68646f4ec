package io.sextant.openapi;

import java.util.HashMap;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.Module;

/**
 * The names a schema's nodes take in a document: module names (RFC 7951 qualifiers), member
 * names qualified only where the module changes, and component names built from them.
 */
final class ModuleNames {
    private final EffectiveModelContext schema;
    private final Map<QNameModule, String> names = new HashMap<>();

    ModuleNames(final EffectiveModelContext schema) {
        this.schema = schema;
    }

    /** The module's name (its namespace when the schema does not know it). */
    String of(final QNameModule module) {
        return names.computeIfAbsent(module, m -> schema.findModule(m).map(Module::getName)
            .orElse(m.getNamespace().toString()));
    }

    /** {@code module:name}. */
    String qualified(final QName qname) {
        return of(qname.getModule()) + ":" + qname.getLocalName();
    }

    /**
     * A member's JSON name: qualified where its module is not its parent's (RFC 7951 4), and always at
     * the top level (no parent module).
     */
    String member(final QName qname, final @Nullable QNameModule parentModule) {
        return qname.getModule().equals(parentModule) ? qname.getLocalName() : qualified(qname);
    }

    /** A component's name: its parent's ({@code base}, empty at the top) and one step for the node. */
    String component(final String base, final QName qname, final @Nullable QNameModule parentModule) {
        final String step = qname.getModule().equals(parentModule) ? qname.getLocalName()
            : of(qname.getModule()) + "_" + qname.getLocalName();
        return base.isEmpty() ? step : base + "." + step;
    }
}
