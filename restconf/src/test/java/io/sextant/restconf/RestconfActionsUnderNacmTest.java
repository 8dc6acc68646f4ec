package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreDataService;
import io.sextant.datastore.StoreType;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.http.RestconfHttpServer;
import io.sextant.restconf.nacm.NacmGuard;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.auth.UserRecord;
import io.sextant.security.auth.UsersCodec;
import io.sextant.security.auth.UsersModel;
import io.sextant.security.nacm.NacmAction;
import io.sextant.security.nacm.NacmCodec;
import io.sextant.security.nacm.NacmConfig;
import io.sextant.security.nacm.NacmModel;
import io.sextant.security.nacm.NacmOperation;
import io.sextant.security.nacm.NacmRule;
import io.sextant.security.nacm.NacmRuleList;
import io.sextant.security.nacm.NodeInstancePath;
import io.sextant.security.service.AccessControl;
import io.sextant.security.service.SecuritySettings;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.Registration;
import io.sextant.spi.RpcRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;

/**
 * Actions under NACM, over real HTTP with the controller's own NACM guard and users: an action
 * runs only for a user with exec access to it and read access to the data node it is invoked on
 * (RFC 8341 3.4.5); a refused one answers 403 {@code access-denied} and is not run, and its OPTIONS
 * leaves POST out.
 */
class RestconfActionsUnderNacmTest {
    private static final String PASSWORD = "actions-secret";
    private static final String PLAYLIST = TestModule.PLAYLIST;
    private static final String M = "sextant-test-rfc8040";

    @TempDir
    Path dataDir;
    private AccessControl control;
    private RestconfHttpServer http;
    private Registration play;
    private final List<YangInstanceIdentifier> played = new ArrayList<>();
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        final PasswordHasher hasher = new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1));
        final InMemoryDataStore security = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
            Runnable::run);
        control = new AccessControl(security, new RpcRegistry(), ControllerSettings.forTests(dataDir, PASSWORD),
            SecuritySettings.DEFAULTS, hasher, message -> { }, AuditLog.NONE);
        final List<UserRecord> users = new ArrayList<>();
        for (String user : List.of("dora", "rita", "hank")) {
            users.add(new UserRecord(user, hasher.hash(PASSWORD.toCharArray()), true));
        }
        security.update(tx -> {
            tx.merge(UsersModel.USERS_PATH, UsersCodec.toNormalizedNode(users));
            tx.put(NacmModel.NACM_PATH, NacmCodec.toNormalizedNode(rules()));
        });

        final var schema = TestModule.schema();
        final RpcRegistry rpcs = new RpcRegistry();
        play = rpcs.registerAction(Absolute.of(TestModule.qname("playlist"), TestModule.qname("song"),
            TestModule.qname("play")), (path, input, context) -> {
                synchronized (played) {
                    played.add(path);
                }
                return CompletableFuture.completedFuture(Optional.of(ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(new NodeIdentifier(TestModule.qname("output")))
                    .withChild(ImmutableNodes.leafNode(TestModule.qname("played"), "by " + context.user())).build()));
            });
        final var server = new DefaultRestconfServer(schema, new StoreDataService(
            new InMemoryDataStore(StoreType.CONFIGURATION, schema, Runnable::run),
            new InMemoryDataStore(StoreType.OPERATIONAL, schema, Runnable::run)), rpcs, new MountPointRegistry(),
            new NacmGuard(control));
        http = new RestconfHttpServer(server, control.httpAuthenticator(), RestconfHttpServer.Settings.of("127.0.0.1",
            0));
        assertEquals(201, send("admin", "PUT", PLAYLIST, "{\"" + M + ":playlist\":{\"name\":\"p\",\"song\":["
            + "{\"index\":5,\"title\":\"five\"},{\"index\":6,\"title\":\"six\"}]}}").statusCode());
    }

    /**
     * dora may run play on song 5 only; rita may read everything and run nothing; hank may run
     * play on every song but may not read song 6.
     */
    private static NacmConfig rules() {
        final NacmRule readAll = new NacmRule("read-all", NacmRule.ANY, new NacmRule.RuleType.Any(),
            Set.of(NacmOperation.READ), NacmAction.PERMIT);
        return new NacmConfig(true, NacmAction.DENY, NacmAction.DENY, NacmAction.DENY, false, Map.of(
            "admin", Set.of("admin"), "djs", Set.of("dora"), "readers", Set.of("rita"), "players", Set.of("hank")),
            List.of(
                new NacmRuleList("admin", List.of("admin"), List.of(new NacmRule("permit-all", NacmRule.ANY,
                    new NacmRule.RuleType.Any(), NacmOperation.ALL, NacmAction.PERMIT))),
                new NacmRuleList("djs", List.of("djs"), List.of(
                    dataRule("play-five", "/" + M + ":playlist/" + M + ":song[" + M + ":index='5']/" + M + ":play",
                        NacmOperation.EXEC, NacmAction.PERMIT), readAll)),
                new NacmRuleList("readers", List.of("readers"), List.of(readAll)),
                new NacmRuleList("players", List.of("players"), List.of(
                    dataRule("hide-six", "/" + M + ":playlist/" + M + ":song[" + M + ":index='6']",
                        NacmOperation.READ, NacmAction.DENY),
                    dataRule("play-any", "/" + M + ":playlist/" + M + ":song/" + M + ":play", NacmOperation.EXEC,
                        NacmAction.PERMIT),
                    readAll))));
    }

    private static NacmRule dataRule(final String name, final String path, final NacmOperation op,
            final NacmAction action) {
        return new NacmRule(name, NacmRule.ANY, new NacmRule.RuleType.DataNode(NodeInstancePath.parse(path)),
            Set.of(op), action);
    }

    @AfterEach
    void stop() {
        http.close();
        play.close();
        control.close();
    }

    private HttpResponse<String> send(final String user, final String method, final String path, final String body)
        throws Exception {
        final String auth = Base64.getEncoder().encodeToString((user + ":" + PASSWORD).getBytes(
            StandardCharsets.UTF_8));
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + path))
            .header("Authorization", "Basic " + auth).header("Content-Type", "application/yang-data+json")
            .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> play(final String user, final int song) throws Exception {
        return send(user, "POST", PLAYLIST + "/song=" + song + "/play", "{\"" + M + ":input\":{\"times\":1}}");
    }

    private int playedCount() {
        synchronized (played) {
            return played.size();
        }
    }

    @Test
    void anActionRunsForAUserWithExecAccessToItAndReadAccessToItsNode() throws Exception {
        final HttpResponse<String> admin = play("admin", 5);
        assertEquals(200, admin.statusCode(), admin.body());
        assertTrue(admin.body().contains("by admin"), admin.body());
        final HttpResponse<String> dora = play("dora", 5);
        assertEquals(200, dora.statusCode(), dora.body());
        assertTrue(dora.body().contains("by dora"), dora.body());
        final HttpResponse<String> hank = play("hank", 5);
        assertEquals(200, hank.statusCode(), hank.body());
        assertEquals(3, playedCount());
    }

    @Test
    void anActionWithoutExecAccessOrOnANodeTheUserMayNotReadIsRefusedAndNotRun() throws Exception {
        // dora's rule names song 5: song 6 falls to exec-default deny
        final HttpResponse<String> otherSong = play("dora", 6);
        assertEquals(403, otherSong.statusCode(), otherSong.body());
        assertTrue(otherSong.body().contains("access-denied"), otherSong.body());
        // rita may read the song but run nothing
        assertEquals(403, play("rita", 5).statusCode());
        // hank may run play, but not on a song he may not read
        assertEquals(403, play("hank", 6).statusCode());
        assertEquals(0, playedCount(), "no refused action ran");
    }

    @Test
    void optionsOfAnActionOffersPostOnlyToUsersWhoMayInvokeItThere() throws Exception {
        assertEquals("OPTIONS, POST", allow("admin", 5));
        assertEquals("OPTIONS, POST", allow("dora", 5));
        assertEquals("OPTIONS", allow("dora", 6));
        assertEquals("OPTIONS", allow("rita", 5));
        assertEquals("OPTIONS, POST", allow("hank", 5));
        assertEquals("OPTIONS", allow("hank", 6));
    }

    private String allow(final String user, final int song) throws Exception {
        final HttpResponse<String> options = send(user, "OPTIONS", PLAYLIST + "/song=" + song + "/play", "");
        assertEquals(200, options.statusCode(), options.body());
        return options.headers().firstValue("Allow").orElseThrow();
    }
}
