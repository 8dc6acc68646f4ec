package io.sextant.restconf.http;

import io.sextant.datastore.Failures;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.CreateResourceResult;
import io.sextant.restconf.api.DataGetResult;
import io.sextant.restconf.api.DataPatchResult;
import io.sextant.restconf.api.DataPostResult;
import io.sextant.restconf.api.DataPutResult;
import io.sextant.restconf.api.DataYangPatchResult;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.InvokeResult;
import io.sextant.restconf.api.OptionsResult;
import io.sextant.restconf.api.ServerErrors;
import io.sextant.restconf.api.ServerException;
import java.util.List;
import java.util.concurrent.CompletionException;

/**
 * The HTTP answer to each result of the {@link io.sextant.restconf.api.RestconfServer}: the only
 * place that knows status codes for them (RFC 8040 section 4) and writes {@code Location} headers,
 * below the path this transport serves data at.
 */
final class Answers {
    private final String dataPath;

    /** @param dataPath where this transport serves the data resource ({@code /rests/data}) */
    Answers(final String dataPath) {
        this.dataPath = dataPath;
    }

    /** GET: 200 with the data and its version; 304 when the client's copy is current. */
    Answer dataGet(final DataGetResult result) {
        if (result instanceof DataGetResult.Content content) {
            return new Answer(200, content.body(), null, content.version(), List.of());
        }
        final DataGetResult.NotModified notModified = (DataGetResult.NotModified) result;
        return new Answer(304, null, null, notModified.version(), List.of());
    }

    /** PUT: 201 with the resource's location when it was created, 204 when it was replaced. */
    Answer dataPut(final ApiPath path, final DataPutResult result) {
        return switch (result) {
            case CREATED -> created(path);
            case REPLACED -> Answer.of(204);
        };
    }

    /** POST on data: 201 with the new resource's location, or the action's answer. */
    Answer dataPost(final DataPostResult result) {
        if (result instanceof CreateResourceResult created) {
            return created(created.createdPath());
        }
        return invoke((InvokeResult) result);
    }

    /** An RPC or action: 200 with its output, 204 when it has none. */
    Answer invoke(final InvokeResult result) {
        final FormattableBody output = result.output();
        return output == null ? Answer.of(204) : Answer.of(200, output);
    }

    /** A plain PATCH: 204. */
    Answer dataPatch(final DataPatchResult result) {
        return Answer.of(204);
    }

    /** YANG-Patch: 200 with its ok status, or its errors with their status and the patch-id (RFC 8072 2.3). */
    Answer yangPatch(final DataYangPatchResult result) {
        final ServerErrors errors = result.errors();
        if (errors == null) {
            return Answer.of(200, new PatchStatusBody(result.patchId())).edited(result.targets());
        }
        return Answer.of(ErrorStatus.of(errors), new ErrorsBody(errors.errors(), errors.schema(),
            result.patchId())).edited(result.targets());
    }

    /** DELETE: 204. */
    Answer deleted() {
        return Answer.of(204);
    }

    /** OPTIONS: 200 with the methods allowed. */
    Answer options(final OptionsResult result) {
        return new Answer(200, null, null, null, result.allowed());
    }

    /** A resource's representation: 200. */
    Answer body(final FormattableBody body) {
        return Answer.of(200, body);
    }

    /** A failed request: its errors with the status the first calls for. */
    Answer errors(final ServerErrors errors) {
        return Answer.of(ErrorStatus.of(errors), new ErrorsBody(errors.errors(), errors.schema()));
    }

    /**
     * The answer to a failed stage: its errors when the server failed it with a
     * {@link ServerException}; any other failure is thrown on, for the transport's last resort.
     */
    Answer failure(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        if (cause instanceof ServerException failed) {
            return errors(failed.errors());
        }
        throw failure instanceof CompletionException completion ? completion : new CompletionException(cause);
    }

    private Answer created(final ApiPath path) {
        return new Answer(201, null, dataPath + path.encoded(), null, List.of());
    }
}
