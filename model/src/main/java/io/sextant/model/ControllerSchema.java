package io.sextant.model;

import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;

/**
 * The controller's own schema: every bundled module, parsed once per process (about five
 * seconds for the 130 files) and shared by every component that needs it.
 */
public final class ControllerSchema {
    /** Module names that must never be part of the controller's schema. */
    private static final Set<String> EXCLUDED = Set.of();

    public static final QNameModule NETWORK_TOPOLOGY = module("urn:TBD:params:xml:ns:yang:network-topology",
        "2013-10-21");
    public static final QNameModule NETCONF_NODE_TOPOLOGY = module("urn:opendaylight:netconf-node-topology",
        "2024-11-01");
    public static final QNameModule CLI_TOPOLOGY = module("urn:sextant:cli-topology", "2024-11-01");
    public static final QNameModule UNICONFIG_TOPOLOGY = module("urn:sextant:uniconfig-topology", "2024-11-01");
    public static final QNameModule UNICONFIG_MANAGER = module("urn:sextant:uniconfig-manager", "2024-11-01");
    public static final QNameModule SNAPSHOT_MANAGER = module("urn:sextant:snapshot-manager", "2024-11-01");
    public static final QNameModule TRANSACTION_MANAGER = module("urn:sextant:transaction-manager", "2024-11-01");
    public static final QNameModule CONNECTION_MANAGER = module("urn:sextant:connection-manager", "2024-11-01");
    public static final QNameModule SEXTANT = module("urn:sextant:controller", "2024-11-01");
    public static final QNameModule HOST_KEYS = module("urn:sextant:host-keys", "2026-11-24");
    public static final QNameModule HISTORY = module("urn:sextant:history", "2026-11-25");
    public static final QNameModule TEMPLATES = module("urn:sextant:templates", "2026-11-25");
    public static final QNameModule GATE = module("urn:sextant:gate", "2026-11-25");
    public static final QNameModule DRIFT = module("urn:sextant:drift", "2026-12-07");
    public static final QNameModule PRE_PROVISIONING = module("urn:sextant:pre-provisioning", "2026-12-07");

    private ControllerSchema() {
    }

    private static volatile @Nullable EffectiveModelContext context;

    /**
     * The shared context; the first call parses with yangtools' default parser, later calls
     * return the same instance. Plain Java only: in OSGi use {@link #get(YangParserFactory)}
     * (the model bundle's schema component does, and publishes the result as a service).
     */
    public static EffectiveModelContext get() {
        final EffectiveModelContext existing = context;
        return existing != null ? existing : get(SchemaBuilder.DefaultParser.FACTORY);
    }

    /**
     * The shared context; the first call parses with {@code factory}, later calls return the
     * same instance whatever factory they pass.
     */
    public static EffectiveModelContext get(final YangParserFactory factory) {
        EffectiveModelContext existing = context;
        if (existing == null) {
            synchronized (ControllerSchema.class) {
                existing = context;
                if (existing == null) {
                    existing = parse(factory);
                    context = existing;
                }
            }
        }
        return existing;
    }

    private static EffectiveModelContext parse(final YangParserFactory factory) {
        try {
            return SchemaBuilder.build(factory, BundledModels.get().matching(s -> !EXCLUDED.contains(s.name())));
        } catch (SchemaBuildException e) {
            throw new IllegalStateException("The bundled YANG modules do not build a schema", e);
        }
    }

    private static QNameModule module(final String namespace, final String revision) {
        return QNameModule.of(XMLNamespace.of(namespace), Revision.of(revision));
    }
}
