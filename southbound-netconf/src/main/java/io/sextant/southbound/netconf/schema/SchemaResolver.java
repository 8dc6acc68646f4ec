package io.sextant.southbound.netconf.schema;

import io.sextant.model.BundledModels;
import io.sextant.model.YangSource;
import io.sextant.persistence.PersistenceException;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.UnavailableCapability;
import io.sextant.southbound.netconf.UnavailableCapability.Reason;
import io.sextant.southbound.netconf.xml.DataCodec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.source.SourceDependency;
import org.opendaylight.yangtools.yang.model.api.source.SourceIdentifier;
import org.opendaylight.yangtools.yang.model.repo.api.SchemaSourceException;
import org.opendaylight.yangtools.yang.model.spi.source.SourceInfo;
import org.opendaylight.yangtools.yang.model.spi.source.StringYangTextSource;
import org.opendaylight.yangtools.yang.model.spi.source.YangIRSource;
import org.opendaylight.yangtools.yang.parser.api.YangParser;
import org.opendaylight.yangtools.yang.parser.api.YangParserException;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.opendaylight.yangtools.yang.parser.api.YangSyntaxErrorException;
import org.opendaylight.yangtools.yang.parser.rfc7950.repo.TextToIRTransformer;
import org.opendaylight.yangtools.yang.parser.rfc7950.repo.YangIRSourceInfoExtractor;
import org.opendaylight.yangtools.yang.parser.spi.meta.ReactorException;
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
    private final BundledModels bundled;
    private final Duration fetchTimeout;

    /**
     * The device session failed while its sources were being fetched, or the archive could not be
     * read or could not keep them: nothing can be concluded, the next attempt tries again.
     */
    public static final class ResolutionAbortedException extends Exception {
        private static final long serialVersionUID = 1L;

        ResolutionAbortedException(final String message, final Throwable cause) {
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
        this.bundled = bundled;
        this.fetchTimeout = fetchTimeout;
    }

    private record Request(String name, Optional<Revision> revision) {
        String key() {
            return revision.map(r -> name + "@" + r).orElse(name);
        }
    }

    private record Loaded(YangIRSource source, SourceInfo info, List<Request> dependencies) {
    }

    private record Failure(Reason reason, String detail) {
    }

    /** A source's text, and whether it is one of the bundled models (those need not be kept). */
    private record Located(String text, boolean bundled) {
    }

    /** A schema built, with the sources it was built from that are not bundled. */
    private record Built(DeviceSchema schema, Collection<SchemaArchive.KeptSource> sources) {
    }

    /** One resolution: the sources found, the requests that failed. */
    private final class Resolution {
        private final SchemaFetcher fetcher;
        private final Map<String, Revision> advertisedRevisions = new HashMap<>();
        private final Map<String, SourceIdentifier> resolved = new HashMap<>();
        private final Map<SourceIdentifier, Loaded> loaded = new LinkedHashMap<>();
        private final Map<String, Failure> failedRequests = new HashMap<>();
        private final Map<SourceIdentifier, Failure> failedSources = new HashMap<>();
        private final Map<String, SchemaArchive.KeptSource> kept = new LinkedHashMap<>();

        Resolution(final SchemaFetcher fetcher) {
            this.fetcher = fetcher;
        }

        void load(final List<Request> roots) throws ResolutionAbortedException {
            final Deque<Request> pending = new ArrayDeque<>(roots);
            while (!pending.isEmpty()) {
                final Request request = pending.pop();
                final String key = request.key();
                if (resolved.containsKey(key) || failedRequests.containsKey(key)) {
                    continue;
                }
                final Optional<Located> located = locate(request);
                if (located.isEmpty()) {
                    failedRequests.put(key, new Failure(Reason.MISSING_SOURCE, "No source for " + key
                        + ": not bundled, not kept by the controller, and the device did not provide it"));
                    continue;
                }
                final YangIRSource ir;
                try {
                    ir = TextToIRTransformer.transformText(new StringYangTextSource(
                        new SourceIdentifier(request.name(), request.revision().orElse(null)),
                        located.orElseThrow().text()));
                } catch (YangSyntaxErrorException | IOException | RuntimeException e) {
                    failedRequests.put(key, new Failure(Reason.UNABLE_TO_RESOLVE, key + " does not parse: "
                        + e.getMessage()));
                    continue;
                }
                final SourceInfo info = YangIRSourceInfoExtractor.forIR(ir);
                if (!located.orElseThrow().bundled()) {
                    final Optional<Revision> revision = request.revision()
                        .or(() -> Optional.ofNullable(info.sourceId().revision()));
                    kept.putIfAbsent(revision.map(r -> request.name() + "@" + r).orElse(request.name()),
                        new SchemaArchive.KeptSource(request.name(), revision, located.orElseThrow().text()));
                }
                final List<Request> dependencies = new ArrayList<>();
                for (SourceDependency.Import dep : info.imports()) {
                    dependencies.add(dependency(dep.name().getLocalName(), Optional.ofNullable(dep.revision())));
                }
                for (SourceDependency.Include dep : info.includes()) {
                    dependencies.add(dependency(dep.name().getLocalName(), Optional.ofNullable(dep.revision())));
                }
                resolved.put(key, info.sourceId());
                loaded.putIfAbsent(info.sourceId(), new Loaded(ir, info, dependencies));
                pending.addAll(dependencies);
            }
        }

        /** An import without revision takes the revision the device advertises, if it does. */
        private Request dependency(final String name, final Optional<Revision> revision) {
            return new Request(name, revision.isPresent() ? revision : Optional.ofNullable(advertisedRevisions.get(name)));
        }

        private Optional<Located> locate(final Request request) throws ResolutionAbortedException {
            final Optional<YangSource> bundledSource = request.revision().isPresent()
                ? bundled.find(request.name(), request.revision()) : bundled.find(request.name());
            if (bundledSource.isPresent()) {
                try (InputStream in = bundledSource.get().open()) {
                    return Optional.of(new Located(new String(in.readAllBytes(), StandardCharsets.UTF_8), true));
                } catch (IOException e) {
                    LOG.warn("Cannot read bundled {}", bundledSource.get().location(), e);
                }
            }
            final Optional<Revision> cachedRevision = request.revision().isPresent() ? request.revision()
                : cache.newestRevision(request.name());
            final Optional<String> cached = cache.read(request.name(), cachedRevision)
                .or(() -> cache.read(request.name(), Optional.empty()));
            if (cached.isPresent()) {
                return Optional.of(new Located(cached.orElseThrow(), false));
            }
            final Optional<String> archived;
            try {
                archived = archive.source(request.name(), request.revision());
            } catch (PersistenceException e) {
                throw new ResolutionAbortedException(e.getMessage(), e);
            }
            final Optional<String> found = archived.isPresent() ? archived : fetch(request);
            found.ifPresent(text -> writeToCache(request, text));
            return found.map(text -> new Located(text, false));
        }

        private void writeToCache(final Request request, final String text) {
            try {
                cache.write(request.name(), request.revision().or(() -> revisionOf(request, text)), text);
            } catch (IOException e) {
                LOG.warn("Cannot write {} to the schema cache {}", request.key(), cache.directory(), e);
            }
        }

        private Optional<String> fetch(final Request request) throws ResolutionAbortedException {
            try {
                return fetcher.fetch(request.name(), request.revision()).toCompletableFuture()
                    .get(fetchTimeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw new ResolutionAbortedException("get-schema of " + request.key() + " failed: "
                    + e.getCause().getMessage(), e.getCause());
            } catch (TimeoutException e) {
                throw new ResolutionAbortedException("get-schema of " + request.key() + " timed out", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ResolutionAbortedException("Interrupted", e);
            }
        }

        /** Sources whose dependencies failed fail too, transitively. */
        void propagateFailures() {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (var entry : loaded.entrySet()) {
                    if (failedSources.containsKey(entry.getKey())) {
                        continue;
                    }
                    for (Request dep : entry.getValue().dependencies()) {
                        final Failure failure = failureOf(dep);
                        if (failure != null) {
                            failedSources.put(entry.getKey(), new Failure(failure.reason() == Reason.MISSING_SOURCE
                                ? Reason.MISSING_SOURCE : Reason.UNABLE_TO_RESOLVE,
                                "Depends on " + dep.key() + ": " + failure.detail()));
                            changed = true;
                            break;
                        }
                    }
                }
            }
        }

        Failure failureOf(final Request request) {
            final Failure failure = failedRequests.get(request.key());
            if (failure != null) {
                return failure;
            }
            final SourceIdentifier id = resolved.get(request.key());
            return id == null ? null : failedSources.get(id);
        }

        List<SourceIdentifier> usable() {
            return loaded.keySet().stream().filter(id -> !failedSources.containsKey(id)).toList();
        }

        EffectiveModelContext build() {
            for (int round = 0; round <= loaded.size(); round++) {
                final List<SourceIdentifier> usable = usable();
                try {
                    return parse(usable);
                } catch (YangParserException | IOException | RuntimeException e) {
                    final Optional<SourceIdentifier> culprit = culprit(e).filter(usable::contains);
                    final List<SourceIdentifier> failing = culprit.isPresent() ? List.of(culprit.get())
                        : findFailing(usable);
                    for (SourceIdentifier id : failing) {
                        failedSources.put(id, new Failure(Reason.UNABLE_TO_RESOLVE, id + " does not build: "
                            + rootMessage(e)));
                    }
                    propagateFailures();
                }
            }
            throw new IllegalStateException("Schema resolution did not converge");
        }

        /** When the parser does not name the failing source, try each module with its dependencies alone. */
        private List<SourceIdentifier> findFailing(final List<SourceIdentifier> usable) {
            final List<SourceIdentifier> failing = new ArrayList<>();
            for (SourceIdentifier id : usable) {
                if (!(loaded.get(id).info() instanceof SourceInfo.Module)) {
                    continue;
                }
                try {
                    parse(closure(id));
                } catch (YangParserException | IOException | RuntimeException e) {
                    failing.add(id);
                }
            }
            return failing.isEmpty() ? usable : failing;
        }

        private List<SourceIdentifier> closure(final SourceIdentifier root) {
            final Set<SourceIdentifier> result = new LinkedHashSet<>();
            final Deque<SourceIdentifier> pending = new ArrayDeque<>(List.of(root));
            while (!pending.isEmpty()) {
                final SourceIdentifier id = pending.pop();
                if (result.add(id)) {
                    for (Request dep : loaded.get(id).dependencies()) {
                        final SourceIdentifier depId = resolved.get(dep.key());
                        if (depId != null) {
                            pending.add(depId);
                        }
                    }
                }
            }
            return List.copyOf(result);
        }

        private EffectiveModelContext parse(final List<SourceIdentifier> sources)
                throws YangParserException, IOException {
            final YangParser parser = parsers.createParser();
            for (SourceIdentifier id : sources) {
                parser.addSource(loaded.get(id).source());
            }
            return parser.buildEffectiveModel();
        }
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
        final Resolution resolution = new Resolution(fetcher);
        final List<DeviceCapabilities.Module> modules = capabilities.modules();
        final List<Request> roots = new ArrayList<>();
        for (DeviceCapabilities.Module module : modules) {
            module.revision().ifPresent(rev -> resolution.advertisedRevisions.merge(module.name(), rev,
                (a, b) -> a.compareTo(b) >= 0 ? a : b));
            roots.add(new Request(module.name(), module.revision()));
        }
        resolution.load(roots);
        resolution.propagateFailures();
        final EffectiveModelContext context = resolution.build();

        final Set<String> available = new LinkedHashSet<>();
        final List<UnavailableCapability> unavailable = new ArrayList<>();
        final Set<String> seen = new HashSet<>();
        for (DeviceCapabilities.Module module : modules) {
            final Request request = new Request(module.name(), module.revision());
            if (!seen.add(module.capability())) {
                continue;
            }
            final Failure failure = resolution.failureOf(request);
            if (failure == null) {
                available.add(module.capability());
            } else {
                unavailable.add(new UnavailableCapability(module.capability(), failure.reason(), failure.detail()));
            }
        }
        LOG.info("Schema {}: {} modules resolved, {} unavailable, {} sources, built in {} ms", id, available.size(),
            unavailable.size(), resolution.usable().size(), (System.nanoTime() - start) / 1_000_000);
        return new Built(new DeviceSchema(id, context, new DataCodec(context), available, unavailable),
            List.copyOf(resolution.kept.values()));
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

    private static Optional<Revision> revisionOf(final Request request, final String text) {
        try {
            return Optional.ofNullable(YangIRSourceInfoExtractor.forIR(TextToIRTransformer.transformText(
                new StringYangTextSource(new SourceIdentifier(request.name()), text))).sourceId().revision());
        } catch (YangSyntaxErrorException | IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<SourceIdentifier> culprit(final Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ReactorException reactor && reactor.getSourceIdentifier() != null) {
                return Optional.of(reactor.getSourceIdentifier());
            }
            if (t instanceof SchemaSourceException source) {
                return Optional.of(source.sourceId());
            }
            if (t instanceof YangSyntaxErrorException syntax && syntax.getSource().isPresent()) {
                return syntax.getSource();
            }
        }
        return Optional.empty();
    }

    private static String rootMessage(final Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }
}
