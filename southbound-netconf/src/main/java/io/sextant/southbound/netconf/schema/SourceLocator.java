package io.sextant.southbound.netconf.schema;

import io.sextant.model.BundledModels;
import io.sextant.model.YangSource;
import io.sextant.persistence.PersistenceException;
import io.sextant.southbound.netconf.schema.SchemaResolver.ResolutionAbortedException;
import io.sextant.southbound.netconf.schema.SourceResolution.Request;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.model.api.source.SourceIdentifier;
import org.opendaylight.yangtools.yang.model.spi.source.StringYangTextSource;
import org.opendaylight.yangtools.yang.parser.api.YangSyntaxErrorException;
import org.opendaylight.yangtools.yang.parser.rfc7950.repo.TextToIRTransformer;
import org.opendaylight.yangtools.yang.parser.rfc7950.repo.YangIRSourceInfoExtractor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a YANG source comes from, in order: the bundled models, the schema cache directory, the
 * {@link SchemaArchive}, the device's {@code <get-schema>}. Thread-safe (the cache and archive are).
 */
final class SourceLocator {
    private static final Logger LOG = LoggerFactory.getLogger(SourceLocator.class);

    /** A source's text, and whether it is one of the bundled models (those need not be kept). */
    record Located(String text, boolean bundled) {
    }

    private final SchemaSourceCache cache;
    private final SchemaArchive archive;
    private final BundledModels bundled;
    private final Duration fetchTimeout;

    SourceLocator(final SchemaSourceCache cache, final SchemaArchive archive, final BundledModels bundled,
            final Duration fetchTimeout) {
        this.cache = cache;
        this.archive = archive;
        this.bundled = bundled;
        this.fetchTimeout = fetchTimeout;
    }

    /**
     * The first place that has {@code request}'s text: the bundled models, the schema cache,
     * the archive, the device; what came from the archive or the device is written to the cache.
     *
     * @return empty when none has it
     * @throws ResolutionAbortedException when the archive cannot be read, or get-schema failed
     */
    Optional<Located> locate(final Request request, final SchemaFetcher fetcher) throws ResolutionAbortedException {
        final Revision revision = request.revision();
        final Optional<YangSource> bundledSource = revision != null
            ? bundled.find(request.name(), revision) : bundled.find(request.name());
        if (bundledSource.isPresent()) {
            try (InputStream in = bundledSource.get().open()) {
                return Optional.of(new Located(new String(in.readAllBytes(), StandardCharsets.UTF_8), true));
            } catch (IOException e) {
                LOG.warn("Cannot read bundled {}", bundledSource.get().location(), e);
            }
        }
        final Revision cachedRevision = revision != null ? revision
            : cache.newestRevision(request.name()).orElse(null);
        final Optional<String> cached = cache.read(request.name(), cachedRevision)
            .or(() -> cache.read(request.name(), null));
        if (cached.isPresent()) {
            return Optional.of(new Located(cached.orElseThrow(), false));
        }
        final Optional<String> archived;
        try {
            archived = archive.source(request.name(), revision);
        } catch (PersistenceException e) {
            throw new ResolutionAbortedException(e.getMessage(), e);
        }
        final Optional<String> found = archived.isPresent() ? archived : fetch(request, fetcher);
        found.ifPresent(text -> writeToCache(request, text));
        return found.map(text -> new Located(text, false));
    }

    private void writeToCache(final Request request, final String text) {
        final Revision asked = request.revision();
        try {
            cache.write(request.name(), asked != null ? asked : revisionOf(request, text), text);
        } catch (IOException e) {
            LOG.warn("Cannot write {} to the schema cache {}", request.key(), cache.directory(), e);
        }
    }

    private Optional<String> fetch(final Request request, final SchemaFetcher fetcher)
            throws ResolutionAbortedException {
        try {
            return fetcher.fetch(request.name(), request.revision()).toCompletableFuture()
                .get(fetchTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            final Throwable failure = Objects.requireNonNullElse(e.getCause(), e);
            throw new ResolutionAbortedException("get-schema of " + request.key() + " failed: "
                + failure.getMessage(), failure);
        } catch (TimeoutException e) {
            throw new ResolutionAbortedException("get-schema of " + request.key() + " timed out", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ResolutionAbortedException("Interrupted", e);
        }
    }

    private static @Nullable Revision revisionOf(final Request request, final String text) {
        try {
            return YangIRSourceInfoExtractor.forIR(TextToIRTransformer.transformText(
                new StringYangTextSource(new SourceIdentifier(request.name()), text))).sourceId().revision();
        } catch (YangSyntaxErrorException | IOException | RuntimeException e) {
            return null;
        }
    }
}
