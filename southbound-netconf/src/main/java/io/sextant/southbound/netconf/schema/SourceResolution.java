package io.sextant.southbound.netconf.schema;

import io.sextant.southbound.netconf.UnavailableCapability.Reason;
import io.sextant.southbound.netconf.schema.SchemaResolver.ResolutionAbortedException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
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

/**
 * One resolution of a device's modules: loads each requested source and what it imports and
 * includes (through the {@link SourceLocator}), propagates failures to what depends on them, and
 * builds the schema from what is left, dropping sources the parser refuses until it builds.
 * Single use, one thread.
 */
final class SourceResolution {
    /** A source asked for: a module or submodule name and, when known, its revision. */
    record Request(String name, @Nullable Revision revision) {
        String key() {
            return key(name, revision);
        }

        static String key(final String name, final @Nullable Revision revision) {
            return revision == null ? name : name + "@" + revision;
        }
    }

    private record Loaded(YangIRSource source, SourceInfo info, List<Request> dependencies) {
    }

    /** Why a request or source is unavailable. */
    record Failure(Reason reason, String detail) {
    }

    private final YangParserFactory parsers;
    private final SourceLocator locator;
    private final SchemaFetcher fetcher;
    final Map<String, Revision> advertisedRevisions = new HashMap<>();
    private final Map<String, SourceIdentifier> resolved = new HashMap<>();
    private final Map<SourceIdentifier, Loaded> loaded = new LinkedHashMap<>();
    private final Map<String, Failure> failedRequests = new HashMap<>();
    private final Map<SourceIdentifier, Failure> failedSources = new HashMap<>();
    private final Map<String, SchemaArchive.KeptSource> kept = new LinkedHashMap<>();

    SourceResolution(final YangParserFactory parsers, final SourceLocator locator, final SchemaFetcher fetcher) {
        this.parsers = parsers;
        this.locator = locator;
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
            final Optional<SourceLocator.Located> located = locator.locate(request, fetcher);
            if (located.isEmpty()) {
                failedRequests.put(key, new Failure(Reason.MISSING_SOURCE, "No source for " + key
                    + ": not bundled, not kept by the controller, and the device did not provide it"));
                continue;
            }
            final YangIRSource ir;
            try {
                ir = TextToIRTransformer.transformText(new StringYangTextSource(
                    new SourceIdentifier(request.name(), request.revision()),
                    located.orElseThrow().text()));
            } catch (YangSyntaxErrorException | IOException | RuntimeException e) {
                failedRequests.put(key, new Failure(Reason.UNABLE_TO_RESOLVE, key + " does not parse: "
                    + e.getMessage()));
                continue;
            }
            final SourceInfo info = YangIRSourceInfoExtractor.forIR(ir);
            if (!located.orElseThrow().bundled()) {
                final Revision asked = request.revision();
                final Revision revision = asked != null ? asked : info.sourceId().revision();
                kept.putIfAbsent(Request.key(request.name(), revision),
                    new SchemaArchive.KeptSource(request.name(), revision, located.orElseThrow().text()));
            }
            final List<Request> dependencies = new ArrayList<>();
            for (SourceDependency.Import dep : info.imports()) {
                dependencies.add(dependency(dep.name().getLocalName(), dep.revision()));
            }
            for (SourceDependency.Include dep : info.includes()) {
                dependencies.add(dependency(dep.name().getLocalName(), dep.revision()));
            }
            resolved.put(key, info.sourceId());
            loaded.putIfAbsent(info.sourceId(), new Loaded(ir, info, dependencies));
            pending.addAll(dependencies);
        }
    }

    /** An import without revision takes the revision the device advertises, if it does. */
    private Request dependency(final String name, final @Nullable Revision revision) {
        return new Request(name, revision != null ? revision : advertisedRevisions.get(name));
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

    /** Why {@code request} failed, or {@code null} when it did not. */
    @Nullable Failure failureOf(final Request request) {
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
            if (!(loaded(id).info() instanceof SourceInfo.Module)) {
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
                for (Request dep : loaded(id).dependencies()) {
                    final SourceIdentifier depId = resolved.get(dep.key());
                    if (depId != null) {
                        pending.add(depId);
                    }
                }
            }
        }
        return List.copyOf(result);
    }

    /** The loaded source {@code id}: a source is loaded when it is resolved, so every resolved one is. */
    private Loaded loaded(final SourceIdentifier id) {
        final Loaded source = loaded.get(id);
        if (source == null) {
            throw new IllegalStateException(id + " was resolved but not loaded");
        }
        return source;
    }

    private EffectiveModelContext parse(final List<SourceIdentifier> sources)
            throws YangParserException, IOException {
        final YangParser parser = parsers.createParser();
        for (SourceIdentifier id : sources) {
            parser.addSource(loaded(id).source());
        }
        return parser.buildEffectiveModel();
    }

    /** The sources read that are not bundled, to be kept with the schema. */
    Collection<SchemaArchive.KeptSource> kept() {
        return List.copyOf(kept.values());
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
