package io.sextant.southbound.netconf.schema;

import io.sextant.model.BundledModels;
import io.sextant.persistence.PersistenceException;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.UnavailableCapability;
import io.sextant.southbound.netconf.xml.DataCodec;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the schema context of a device from the modules of its hello. Each source (and each of
 * its imports and includes) comes from the first place that has it: the bundled models, the
 * schema cache directory, the {@link SchemaArchive} (then written to the cache), or the device
 * itself through {@code <get-schema>} (then written to the cache). Modules that cannot be found or
 * parsed are left out together with everything that depends on them, and reported as
 * unavailable; the rest still makes a schema. The module set a schema was built for is kept, in
 * the archive with the sources that are not bundled and then in the cache, so that the schema
 * can be built again without a device ({@link #resolveKnown}).
 */
public final class SchemaResolver {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaResolver.class);
    private final YangParserFactory parsers;
    private final SchemaSourceCache cache;
    private final SchemaArchive archive;
    private final SourceLocator locator;

    /**
     * The device session failed while its sources were being fetched, or the archive could not be
     * read or could not keep them: nothing can be concluded, the next attempt tries again.
     */
    public static final class ResolutionAbortedException extends Exception {
        private static final long serialVersionUID = 1L;

        ResolutionAbortedException(final @Nullable String message, final Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * @param parsers yangtools' parser factory (in OSGi the {@code YangParserFactory} service; in
     *     plain Java {@link DefaultParsers#factory()})
     * @param archive where sources and module sets are kept for good ({@link SchemaArchive#NONE}
     *     when the controller runs in memory)
     */
    public SchemaResolver(final YangParserFactory parsers, final SchemaSourceCache cache, final SchemaArchive archive,
            final BundledModels bundled, final Duration fetchTimeout) {
        this.parsers = parsers;
        this.cache = cache;
        this.archive = archive;
        this.locator = new SourceLocator(cache, archive, bundled, fetchTimeout);
    }


    /** A schema built, with the sources it was built from that are not bundled. */
    private record Built(DeviceSchema schema, Collection<SchemaArchive.KeptSource> sources) {
    }

    /**
     * Resolve the schema of the modules {@code capabilities} advertise, and keep its module set and
     * sources in the archive, then its module set in the cache.
     *
     * @throws ResolutionAbortedException when the device session failed during {@code <get-schema>}
     *     (the outcome would say nothing about the device), or the archive could not be read or
     *     could not keep the schema's sources: nothing is concluded
     */
    public DeviceSchema resolve(final String id, final DeviceCapabilities capabilities, final SchemaFetcher fetcher)
            throws ResolutionAbortedException {
        final Built built = build(id, capabilities, fetcher);
        final SchemaSourceCache.ModuleSet set = new SchemaSourceCache.ModuleSet(capabilities.all(),
            unavailableOf(built.schema()));
        try {
            archive.keep(id, set, built.sources());
        } catch (PersistenceException e) {
            throw new ResolutionAbortedException(e.getMessage(), e);
        }
        writeModuleSetToCache(id, set);
        return built.schema();
    }

    private void writeModuleSetToCache(final String id, final SchemaSourceCache.ModuleSet set) {
        try {
            cache.writeModuleSet(id, set);
        } catch (IOException e) {
            LOG.warn("Cannot keep the module set of schema {} in {}: nodes in it are built from the database or wait "
                + "for a device after a restart", id, cache.directory(), e);
        }
    }

    private Built build(final String id, final DeviceCapabilities capabilities, final SchemaFetcher fetcher)
            throws ResolutionAbortedException {
        final long start = System.nanoTime();
        final SourceResolution resolution = new SourceResolution(parsers, locator, fetcher);
        final List<DeviceCapabilities.Module> modules = capabilities.modules();
        final List<SourceResolution.Request> roots = new ArrayList<>();
        for (DeviceCapabilities.Module module : modules) {
            final Revision advertised = module.revision();
            if (advertised != null) {
                resolution.advertisedRevisions.merge(module.name(), advertised, (a, b) -> a.compareTo(b) >= 0 ? a : b);
            }
            roots.add(new SourceResolution.Request(module.name(), module.revision()));
        }
        resolution.load(roots);
        resolution.propagateFailures();
        final EffectiveModelContext context = resolution.build();

        final Set<String> available = new LinkedHashSet<>();
        final List<UnavailableCapability> unavailable = new ArrayList<>();
        final Set<String> seen = new HashSet<>();
        for (DeviceCapabilities.Module module : modules) {
            final SourceResolution.Request request = new SourceResolution.Request(module.name(), module.revision());
            if (!seen.add(module.capability())) {
                continue;
            }
            final SourceResolution.Failure failure = resolution.failureOf(request);
            if (failure == null) {
                available.add(module.capability());
            } else {
                unavailable.add(new UnavailableCapability(module.capability(), failure.reason(), failure.detail()));
            }
        }
        LOG.info("Schema {}: {} modules resolved, {} unavailable, {} sources, built in {} ms", id, available.size(),
            unavailable.size(), resolution.usable().size(), (System.nanoTime() - start) / 1_000_000);
        return new Built(new DeviceSchema(id, context, new DataCodec(context), available, unavailable),
            resolution.kept());
    }

    /**
     * Build schema {@code id} again without a device, from the module set kept when it was built
     * (in the cache, else in the archive) and the sources bundled, in the cache or in the archive.
     * What came from the archive is written to the cache; a set found only in the cache (kept by a
     * run without the archive) is kept in the archive too.
     *
     * @return empty when no module set was kept for {@code id}, when the schema would differ
     *     from the one built with the device (a source it had is missing now), or when the archive
     *     cannot be read now (the nodes in it wait for a device)
     */
    public Optional<DeviceSchema> resolveKnown(final String id) {
        final Optional<SchemaSourceCache.ModuleSet> cached = cache.readModuleSet(id);
        final SchemaSourceCache.ModuleSet set;
        final Built built;
        try {
            final Optional<SchemaSourceCache.ModuleSet> found = cached.isPresent() ? cached : archive.moduleSet(id);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            set = found.orElseThrow();
            built = build(id, new DeviceCapabilities(set.capabilities()), SchemaFetcher.NONE);
        } catch (PersistenceException | ResolutionAbortedException e) {
            LOG.warn("Schema {} cannot be built again without a device now, its nodes wait for one: {}", id,
                e.getMessage());
            return Optional.empty();
        }
        final DeviceSchema schema = built.schema();
        if (!unavailableOf(schema).equals(set.unavailable())) {
            LOG.warn("Schema {} cannot be built again without a device: {} of its modules are unavailable now, {} were "
                + "when it was built", id, schema.unavailable().size(), set.unavailable().size());
            return Optional.empty();
        }
        if (cached.isPresent()) {
            try {
                archive.keep(id, set, built.sources());
            } catch (PersistenceException e) {
                LOG.warn("Schema {} is built from the schema cache but cannot be kept in the database now (the next "
                    + "start or device of it tries again): {}", id, e.getMessage());
            }
        } else {
            writeModuleSetToCache(id, set);
        }
        return Optional.of(schema);
    }

    private static Set<String> unavailableOf(final DeviceSchema schema) {
        final Set<String> names = new HashSet<>();
        schema.unavailable().forEach(u -> names.add(u.capability()));
        return names;
    }

}
