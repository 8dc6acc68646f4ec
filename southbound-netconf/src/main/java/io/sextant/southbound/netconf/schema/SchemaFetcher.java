package io.sextant.southbound.netconf.schema;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;

/** Gets a YANG source from the device ({@code <get-schema>}, RFC 6022). */
@FunctionalInterface
public interface SchemaFetcher {

    /**
     * @param revision null for the newest the device has
     * @return the YANG text; empty when the device does not have it
     */
    CompletionStage<Optional<String>> fetch(String identifier, @Nullable Revision revision);

    /** A fetcher for devices without :monitoring. */
    SchemaFetcher NONE = (identifier, revision) -> CompletableFuture.completedFuture(
        Optional.empty());
}
