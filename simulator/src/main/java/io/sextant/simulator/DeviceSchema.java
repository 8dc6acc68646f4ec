package io.sextant.simulator;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuildException;
import io.sextant.model.SchemaBuilder;
import io.sextant.model.YangSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlCodecFactory;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.opendaylight.yangtools.yang.model.api.ModuleLike;
import org.opendaylight.yangtools.yang.model.api.Submodule;

/**
 * What every simulated device of one simulator shares: the schema, its codecs, the capabilities of
 * the hello and the YANG texts that {@code <get-schema>} returns. Built once; immutable and
 * thread-safe afterwards.
 */
public final class DeviceSchema {
    /** The protocol capabilities besides base:1.0/1.1 (which the server's negotiator adds). */
    static final List<String> PROTOCOL_CAPABILITIES = List.of(
        "urn:ietf:params:netconf:capability:candidate:1.0",
        "urn:ietf:params:netconf:capability:confirmed-commit:1.1",
        "urn:ietf:params:netconf:capability:validate:1.1");

    private final EffectiveModelContext context;
    private final DataSchemaContextTree tree;
    private final XmlCodecFactory xmlCodecs;
    private final boolean enforceMandatory;
    private final List<String> capabilities;
    private final Map<String, String> sources;
    private final Map<String, Optional<QNameModule>> namespaces = new ConcurrentHashMap<>();

    private DeviceSchema(final EffectiveModelContext context, final Collection<YangSource> yangSources,
            final boolean enforceMandatory) throws IOException {
        this.context = context;
        this.tree = DataSchemaContextTree.from(context);
        this.xmlCodecs = XmlCodecFactory.create(context);
        this.enforceMandatory = enforceMandatory;
        final Map<String, String> texts = new LinkedHashMap<>();
        for (YangSource source : yangSources) {
            try (InputStream in = source.open()) {
                texts.put(key(source.name(), Optional.ofNullable(source.revision()).map(Revision::toString)),
                    new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        final List<String> caps = new ArrayList<>(PROTOCOL_CAPABILITIES);
        for (Module module : context.getModules()) {
            caps.add(capability(module, module));
            for (Submodule submodule : module.getSubmodules()) {
                caps.add(capability(module, submodule));
            }
        }
        this.capabilities = List.copyOf(caps);
        this.sources = Map.copyOf(texts);
    }

    /**
     * The schema of the named bundled modules and their imports, plus ietf-netconf-monitoring (so that
     * the controller sees that {@code <get-schema>} is served).
     *
     * @param enforceMandatory whether commit and validate check {@code mandatory} and {@code min-elements}
     *     (off in benchmarks, like the test tool's models without {@code mandatory})
     */
    public static DeviceSchema of(final Collection<String> moduleNames, final boolean enforceMandatory)
            throws IOException {
        final List<String> names = new ArrayList<>(moduleNames);
        if (!names.contains("ietf-netconf-monitoring")) {
            names.add("ietf-netconf-monitoring");
        }
        final List<YangSource> yangSources = BundledModels.get().withDependencies(names);
        try {
            return new DeviceSchema(SchemaBuilder.build(yangSources), yangSources, enforceMandatory);
        } catch (SchemaBuildException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static String capability(final Module module, final ModuleLike moduleLike) {
        final StringBuilder sb = new StringBuilder(module.getNamespace().toString())
            .append("?module=").append(moduleLike.getName());
        moduleLike.getRevision().ifPresent(revision -> sb.append("&revision=").append(revision));
        return sb.toString();
    }

    private static String key(final String name, final Optional<String> revision) {
        return name + "@" + revision.orElse("");
    }

    public EffectiveModelContext context() {
        return context;
    }

    DataSchemaContextTree tree() {
        return tree;
    }

    XmlCodecFactory xmlCodecs() {
        return xmlCodecs;
    }

    boolean enforceMandatory() {
        return enforceMandatory;
    }

    /** Every capability of the hello but the base ones. */
    public List<String> capabilities() {
        return capabilities;
    }

    /**
     * The YANG text of a module or submodule; without a revision the newest one of that name.
     */
    Optional<String> source(final String name, final Optional<String> revision) {
        if (revision.isPresent()) {
            return Optional.ofNullable(sources.get(key(name, revision)));
        }
        return sources.entrySet().stream()
            .filter(e -> e.getKey().startsWith(name + "@"))
            .max(Map.Entry.comparingByKey())
            .map(Map.Entry::getValue);
    }

    /** The module of an XML namespace, if the schema has it. */
    Optional<QNameModule> module(final String namespace) {
        return namespaces.computeIfAbsent(namespace, ns -> context.findModuleStatements(XMLNamespace.of(ns))
            .stream().findFirst().map(module -> module.localQNameModule()));
    }

    /** The prefix a module declares, for error paths. */
    String prefix(final QNameModule module) {
        return context.findModule(module).map(Module::getPrefix).orElse("ns");
    }
}
