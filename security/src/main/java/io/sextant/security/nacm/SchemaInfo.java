package io.sextant.security.nacm;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DocumentedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.EffectiveStatementEquivalent;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.opendaylight.yangtools.yang.model.api.NotificationDefinition;
import org.opendaylight.yangtools.yang.model.api.RpcDefinition;
import org.opendaylight.yangtools.yang.model.api.UnknownSchemaNode;
import org.opendaylight.yangtools.yang.model.api.meta.DeclaredStatement;
import org.opendaylight.yangtools.yang.model.api.meta.EffectiveStatement;

/**
 * What NACM needs to know of one schema context, computed once and cached: module names and
 * prefixes by namespace, and where the schema carries RFC 8341's {@code default-deny-write} and
 * {@code default-deny-all} extensions.
 */
final class SchemaInfo {
    static final int DENY_WRITE = 1;
    static final int DENY_ALL = 2;

    /** Module name and YANG prefix: what a rule's module-name and a path's prefixes are compared with. */
    record Names(String name, String prefix) {
        static final Names UNKNOWN = new Names("", "");

        boolean matchesPrefix(final String pathPrefix) {
            return pathPrefix.equals(name) || pathPrefix.equals(prefix);
        }
    }

    /** Schema contexts are few (the controller's, one per distinct device module set): a small LRU. */
    private static final int CACHED_CONTEXTS = 256;
    private static final Map<EffectiveModelContext, SchemaInfo> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(final Map.Entry<EffectiveModelContext, SchemaInfo> eldest) {
            return size() > CACHED_CONTEXTS;
        }
    };

    private final EffectiveModelContext context;
    private final DataSchemaContextTree tree;
    private final Map<QNameModule, Names> names = new ConcurrentHashMap<>();
    private final Map<Object, Integer> ownFlags = new ConcurrentHashMap<>();
    private final Map<Object, Integer> subtreeFlags = new ConcurrentHashMap<>();
    private final Map<QName, Integer> operationFlags = new ConcurrentHashMap<>();

    private SchemaInfo(final EffectiveModelContext context) {
        this.context = context;
        this.tree = DataSchemaContextTree.from(context);
    }

    static SchemaInfo of(final EffectiveModelContext context) {
        synchronized (CACHE) {
            return CACHE.computeIfAbsent(context, SchemaInfo::new);
        }
    }

    DataSchemaContextTree tree() {
        return tree;
    }

    Names names(final QNameModule module) {
        return names.computeIfAbsent(module, key -> context.findModule(key)
            .map(m -> new Names(m.getName(), m.getPrefix())).orElse(Names.UNKNOWN));
    }

    /** The extensions on this schema node itself. */
    int flags(final @Nullable Object schemaNode) {
        if (schemaNode == null) {
            return 0;
        }
        return ownFlags.computeIfAbsent(schemaNode, SchemaInfo::extensionFlags);
    }

    /** The extensions on this schema node or anywhere below it. */
    int subtreeFlags(final @Nullable Object schemaNode) {
        if (schemaNode == null) {
            // unknown schema (opaque data): nothing is known to be protected below
            return 0;
        }
        final Integer known = subtreeFlags.get(schemaNode);
        if (known != null) {
            return known;
        }
        int flags = flags(schemaNode);
        final Collection<?> children;
        if (schemaNode instanceof DataNodeContainer container) {
            children = container.getChildNodes();
        } else if (schemaNode instanceof ChoiceSchemaNode choice) {
            children = choice.getCases();
        } else {
            children = List.of();
        }
        for (Object child : children) {
            flags |= subtreeFlags(child);
        }
        subtreeFlags.put(schemaNode, flags);
        return flags;
    }

    /** The extensions on an RPC or a notification, by name. */
    int operationFlags(final QName name) {
        return operationFlags.computeIfAbsent(name, key -> {
            for (RpcDefinition rpc : context.getOperations()) {
                if (rpc.getQName().equals(key)) {
                    return extensionFlags(rpc);
                }
            }
            for (NotificationDefinition notification : context.getNotifications()) {
                if (notification.getQName().equals(key)) {
                    return extensionFlags(notification);
                }
            }
            return 0;
        });
    }

    @Nullable Module module(final QNameModule module) {
        return context.findModule(module).orElse(null);
    }

    private static int extensionFlags(final Object node) {
        int flags = 0;
        if (node instanceof EffectiveStatementEquivalent<?> equivalent) {
            final EffectiveStatement<?, ?> effective = equivalent.asEffectiveStatement();
            for (EffectiveStatement<?, ?> stmt : effective.effectiveSubstatements()) {
                flags |= flag(stmt.statementDefinition().getStatementName());
            }
            // Without parser support for the extensions (yangtools' default parser has none),
            // they survive only as unrecognized declared statements.
            final DeclaredStatement<?> declared = effective.getDeclared();
            if (declared != null) {
                for (DeclaredStatement<?> stmt : declared.declaredSubstatements()) {
                    flags |= flag(stmt.statementDefinition().getStatementName());
                }
            }
        }
        if (flags == 0 && node instanceof DocumentedNode documented) {
            for (UnknownSchemaNode unknown : documented.getUnknownSchemaNodes()) {
                flags |= flag(unknown.getNodeType());
            }
        }
        return flags;
    }

    private static int flag(final QName statement) {
        if (!statement.getNamespace().equals(NacmModel.MODULE.namespace())) {
            return 0;
        }
        return switch (statement.getLocalName()) {
            case "default-deny-all" -> DENY_ALL;
            case "default-deny-write" -> DENY_WRITE;
            default -> 0;
        };
    }
}
