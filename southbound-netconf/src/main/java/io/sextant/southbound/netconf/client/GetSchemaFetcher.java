package io.sextant.southbound.netconf.client;

import static io.sextant.southbound.netconf.client.SessionFailures.isTransportFailure;
import static io.sextant.southbound.netconf.client.SessionFailures.rootMessage;

import io.sextant.southbound.netconf.schema.SchemaFetcher;
import io.sextant.southbound.netconf.xml.BaseOperations;
import io.sextant.southbound.netconf.xml.NetconfXml;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;

/**
 * A device's {@code get-schema} (RFC 6022) over one session: a module's text, nothing when the
 * device answers with an error (it does not have that module), a failure when the session
 * fails (rather than taking the module as missing).
 */
final class GetSchemaFetcher implements SchemaFetcher {
    private static final Logger LOG = LoggerFactory.getLogger(GetSchemaFetcher.class);

    private final String nodeId;
    private final RpcChannel channel;
    private final Duration timeout;

    GetSchemaFetcher(final String nodeId, final RpcChannel channel, final Duration timeout) {
        this.nodeId = nodeId;
        this.channel = channel;
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<Optional<String>> fetch(final String identifier, final @Nullable Revision revision) {
        return channel.send(BaseOperations.getSchema(identifier, revision == null ? null : revision.toString()), timeout)
            .handle((reply, failure) -> {
                if (failure == null) {
                    return schemaText(reply);
                }
                if (isTransportFailure(failure)) {
                    throw failure instanceof CompletionException completion ? completion
                        : new CompletionException(failure);
                }
                LOG.debug("Node {} has no schema {}@{}: {}", nodeId, identifier, revision, rootMessage(failure));
                return Optional.empty();
            });
    }

    private static Optional<String> schemaText(final Element reply) {
        return NetconfXml.child(reply, NetconfXml.MONITORING_NS, "data")
            .or(() -> NetconfXml.child(reply, NetconfXml.BASE_NS, "data"))
            .map(Element::getTextContent)
            .filter(text -> !text.isBlank());
    }
}
