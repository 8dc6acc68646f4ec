package io.sextant.restconf.server;

import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.codec.UserTerms;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcService;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.InvokeResult;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.ServerException;
import java.io.IOException;
import java.io.PushbackInputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.spi.node.MandatoryLeafEnforcer;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.InputSchemaNode;
import org.opendaylight.yangtools.yang.model.api.OperationDefinition;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Operations: the list of RPCs, RPC invocation (the controller's or a mounted device's) and
 * action invocation on a data node. The input is parsed in the operation's schema and its
 * mandatory leaves checked before the operation runs.
 */
final class Operations {
    private final PathResolver resolver;
    private final RpcService rpcs;
    private final EffectiveModelContext schema;

    Operations(final PathResolver resolver, final RpcService rpcs, final EffectiveModelContext schema) {
        this.resolver = resolver;
        this.rpcs = rpcs;
        this.schema = schema;
    }

    /** The controller's RPCs, sorted. */
    CompletionStage<FormattableBody> list() {
        return CompletableFuture.completedFuture(new OperationsBody(
            rpcs.rpcs().stream().sorted((a, b) -> a.toString().compareTo(b.toString())).toList(), schema));
    }

    CompletionStage<InvokeResult> invokeRpc(final ApiPath path, final RequestBody body,
            final RequestContext context) throws OperationErrorsException, ServerException {
        final PathResolver.RpcTarget rpc = resolver.resolveOperation(path);
        final String resource = "/rests/operations" + path;
        final ContainerNode input = input(rpc.codecs(), rpc.stack(), rpc.rpc(), resource, body);
        final QName name = rpc.rpc().getQName();
        return rpc.rpcs().invoke(name, input, context).thenApply(output -> {
            if (output.isEmpty() || output.orElseThrow().isEmpty()) {
                return InvokeResult.noOutput();
            }
            return InvokeResult.of(new OutputBody(rpc.codecs(), rpc.stack(), rpc.rpc().getOutput().getQName(),
                output.orElseThrow()));
        }).exceptionallyCompose(e -> Failures.failed(e, rpc.codecs().schema()));
    }

    CompletionStage<InvokeResult> invokeAction(final PathResolver.ActionTarget action, final ApiPath path,
            final RequestBody body, final RequestContext context) throws OperationErrorsException, ServerException {
        final ContainerNode input = input(action.codecs(), action.stack(), action.action(),
            BodyReader.dataResource(path), body);
        return action.rpcs().invokeAction(action.type(), action.path(), input, context).thenApply(output -> {
            if (output.isEmpty() || output.orElseThrow().isEmpty()) {
                return InvokeResult.noOutput();
            }
            return InvokeResult.of(new OutputBody(action.codecs(), action.stack(),
                action.action().getOutput().getQName(), output.orElseThrow()));
        }).exceptionallyCompose(e -> Failures.failed(e, action.codecs().schema()));
    }

    /**
     * An operation's input from the body sent to {@code resource}: its shape checked, parsed in the
     * operation's schema (an empty body is an empty input), its mandatory leaves there.
     */
    private static ContainerNode input(final SchemaCodecs codecs, final SchemaInferenceStack stack,
            final OperationDefinition operation, final String resource, final RequestBody body)
            throws OperationErrorsException, ServerException {
        final String module = codecs.schema().findModule(operation.getQName().getModule()).map(m -> m.getName())
            .orElse("");
        BodyReader.parse(codecs.schema(), null, resource, body, () -> {
            BodyShape.checkInput(body, module);
            return body;
        });
        BodyReader.mark(body);
        final PushbackInputStream stream = new PushbackInputStream(body.stream(), 1);
        final boolean empty = isBlank(stream);
        final ContainerNode input = BodyReader.parse(codecs.schema(), null, resource, body,
            () -> BodyParser.parseInput(codecs, stack, operation, new RequestBody(body.format(), stream), empty));
        checkMandatoryInput(operation.getInput(), input, codecs.schema(), resource);
        return input;
    }

    /**
     * The input's mandatory leaves (RFC 7950 7.14.2) must be there before the operation runs:
     * missing-element (400); implementations may rely on them.
     */
    private static void checkMandatoryInput(final InputSchemaNode schema, final ContainerNode input,
            final EffectiveModelContext context, final String resource) throws OperationErrorsException {
        final MandatoryLeafEnforcer enforcer = MandatoryLeafEnforcer.forContainer(schema, true);
        if (enforcer != null) {
            try {
                enforcer.enforceOnData(input);
            } catch (IllegalArgumentException e) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MISSING_ELEMENT,
                    UserTerms.of(e.getMessage(), context) + " (body of " + resource + ")");
            }
        }
    }

    private static boolean isBlank(final PushbackInputStream stream) throws OperationErrorsException {
        try {
            int ch;
            do {
                ch = stream.read();
            } while (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t');
            if (ch < 0) {
                return true;
            }
            stream.unread(ch);
            return false;
        } catch (IOException e) {
            throw OperationErrorsException.of(ErrorType.TRANSPORT, ErrorTag.MALFORMED_MESSAGE,
                "Cannot read the request body");
        }
    }
}
