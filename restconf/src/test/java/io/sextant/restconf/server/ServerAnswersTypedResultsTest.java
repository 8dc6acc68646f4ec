package io.sextant.restconf.server;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.datastore.StoreDataService;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.CreateResourceResult;
import io.sextant.restconf.api.DataGetResult;
import io.sextant.restconf.api.DataPatchResult;
import io.sextant.restconf.api.DataPutResult;
import io.sextant.restconf.api.DataYangPatchResult;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.ServerErrors;
import io.sextant.restconf.api.ServerException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.opendaylight.yangtools.yang.common.Empty;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * The server, without any transport, says what each request did: created or replaced, the new
 * resource's api-path, the data and its version or "not modified", and fails a request with its
 * errors as data.
 */
class ServerAnswersTypedResultsTest {
    private static final String TOPOLOGY = "network-topology:network-topology/topology=topology-netconf";
    private static final RequestContext ADMIN = RequestContext.of("admin");

    private final DefaultRestconfServer server = new DefaultRestconfServer(ControllerSchema.get(),
        new StoreDataService(new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(), Runnable::run),
            new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(), Runnable::run)),
        new RpcRegistry(), new MountPointRegistry());

    private static RequestBody json(final String text) {
        return new RequestBody(Format.JSON, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static String node(final String id) {
        return "{\"network-topology:node\":[{\"node-id\":\"" + id + "\"}]}";
    }

    private static <T> T done(final CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    /** The errors {@code stage} failed with. */
    private static ServerErrors failure(final CompletionStage<?> stage) {
        final Executable join = () -> stage.toCompletableFuture().join();
        final CompletionException failed = assertThrows(CompletionException.class, join);
        return assertInstanceOf(ServerException.class, failed.getCause()).errors();
    }

    private DataPutResult put(final String path, final String body) {
        return done(server.dataPUT(ApiPath.parse(path), json(body), QueryParameters.DEFAULT, Conditions.NONE, ADMIN));
    }

    @Test
    void aPutSaysWhetherItCreatedOrReplacedItsResource() {
        assertEquals(DataPutResult.CREATED, put(TOPOLOGY + "/node=r1", node("r1")));
        assertEquals(DataPutResult.REPLACED, put(TOPOLOGY + "/node=r1", node("r1")));
        assertEquals(DataPutResult.REPLACED, done(server.dataPUT(ApiPath.EMPTY, json("{\"ietf-restconf:data\":{}}"),
            QueryParameters.DEFAULT, Conditions.NONE, ADMIN)), "a datastore root always exists");
    }

    @Test
    void aPostGivesTheApiPathOfTheResourceItCreatedFromTheDatastoreRoot() {
        final var created = done(server.dataPOST(ApiPath.parse(TOPOLOGY), json(node("r 7")), QueryParameters.DEFAULT,
            Conditions.NONE, ADMIN));
        assertEquals(new CreateResourceResult(ApiPath.parse(TOPOLOGY + "/node=r%207")), created);
    }

    @Test
    void aReadGivesTheDataWithItsVersionOrNotModifiedWhenTheClientsCopyIsCurrent() {
        put(TOPOLOGY + "/node=r1", node("r1"));
        final DataGetResult read = done(server.dataGET(ApiPath.parse(TOPOLOGY + "/node=r1"), QueryParameters.DEFAULT,
            Conditions.NONE, ADMIN));
        final var content = assertInstanceOf(DataGetResult.Content.class, read);
        final var version = requireNonNull(content.version());

        final DataGetResult again = done(server.dataGET(ApiPath.parse(TOPOLOGY + "/node=r1"),
            QueryParameters.DEFAULT, new Conditions(null, List.of(version.entityTag()),
                null, null), ADMIN));
        assertEquals(new DataGetResult.NotModified(version), again);
    }

    @Test
    void aMergeAndADeleteSayTheyAreDone() {
        put(TOPOLOGY + "/node=r1", node("r1"));
        assertSame(DataPatchResult.MERGED, done(server.dataPATCH(ApiPath.parse(TOPOLOGY + "/node=r1"),
            json(node("r1")), Conditions.NONE, ADMIN)));
        assertEquals(Empty.value(), done(server.dataDELETE(ApiPath.parse(TOPOLOGY + "/node=r1"), Conditions.NONE,
            ADMIN)));
    }

    @Test
    void aFailedRequestCompletesWithItsErrorsAsData() {
        final ServerErrors missing = failure(server.dataGET(ApiPath.parse(TOPOLOGY + "/node=nowhere"),
            QueryParameters.DEFAULT, Conditions.NONE, ADMIN));
        assertEquals(ErrorTag.DATA_MISSING, missing.errors().get(0).tag());
        assertSame(ControllerSchema.get(), missing.schema());

        put(TOPOLOGY + "/node=r1", node("r1"));
        final ServerErrors exists = failure(server.dataPOST(ApiPath.parse(TOPOLOGY), json(node("r1")),
            QueryParameters.DEFAULT, Conditions.NONE, ADMIN));
        assertEquals(ErrorTag.DATA_EXISTS, exists.errors().get(0).tag());

        final ServerErrors precondition = failure(server.dataPUT(ApiPath.parse(TOPOLOGY + "/node=r1"),
            json(node("r1")), QueryParameters.DEFAULT, new Conditions(List.of("no-such-tag"),
                null, null, null), ADMIN));
        assertTrue(precondition.isPreconditionFailure(), precondition.toString());
    }

    @Test
    void aYangPatchItsEditsRefuseIsAResultWithTheErrorsNotAFailure() {
        put(TOPOLOGY + "/node=r1", node("r1"));
        final DataYangPatchResult refused = done(server.dataYangPATCH(ApiPath.parse(TOPOLOGY), json("""
            {"ietf-yang-patch:yang-patch":{"patch-id":"p1","edit":[
              {"edit-id":"e1","operation":"create","target":"/node=r1",
               "value":{"network-topology:node":[{"node-id":"r1"}]}}]}}"""), Conditions.NONE, ADMIN));
        assertEquals("p1", refused.patchId());
        assertFalse(refused.isOk());
        assertEquals(ErrorTag.DATA_EXISTS, requireNonNull(refused.errors()).errors().get(0).tag());

        final DataYangPatchResult ok = done(server.dataYangPATCH(ApiPath.parse(TOPOLOGY), json("""
            {"ietf-yang-patch:yang-patch":{"patch-id":"p2","edit":[
              {"edit-id":"e1","operation":"create","target":"/node=r2",
               "value":{"network-topology:node":[{"node-id":"r2"}]}}]}}"""), Conditions.NONE, ADMIN));
        assertEquals(DataYangPatchResult.ok("p2", List.of("/node=r2")), ok);
    }
}
