package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.Chromium;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's web page ({@code /ui}), in a real headless Chromium against a controller with a
 * netconfd device: an admin logs in with the browser's own login dialog (HTTP Basic, answered
 * through the DevTools protocol), which the browser asks once only, sees the device connected, sees its node turn "changed"
 * when its intent changes through RESTCONF, opens the diff and the dry run, commits from the page
 * and the device has the change (read through a NETCONF session of the test's own); a read-only
 * user (group operator) sees no commit button and is refused when it calls the API anyway; without
 * credentials the browser gets no page; "Log out" makes the browser forget the credentials; a
 * password changed while the page is open is asked for again, and a cancelled dialog stops the page. The
 * test takes the screenshots of {@code docs/ui/} (see {@link #SCREENSHOTS}).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class OperatorPageInChromiumTest {
    private static final String PASSWORD = "operator-page-admin";
    private static final String OLGA_PASSWORD = "operator-page-olga";
    private static final String NODE = "ncd";
    /**
     * Where the screenshots go: {@code target/ui-screenshots} of the module, so that a test run leaves
     * the working tree as it was; with {@code -Dsextant.ui.screenshots=../docs/ui}, the repository's
     * {@code docs/ui} that the README links (the test runs in controller/).
     */
    private static final Path SCREENSHOTS = Path.of(System.getProperty("sextant.ui.screenshots",
        "target/ui-screenshots"));

    @TempDir
    static Path dataDir;
    @TempDir
    static Path browserDir;
    private static Netconfd device;
    private static Sextant sextant;
    private static RestconfClient admin;
    private Chromium browser;

    @BeforeAll
    static void start() throws Exception {
        device = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        admin = new RestconfClient(sextant, PASSWORD);
        assertStatus(201, admin.send("PUT", RestconfClient.NETCONF_NODE + NODE, RestconfClient.netconfMount(NODE,
            device.host(), device.port(), device.username(), device.password())));
        admin.await(RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, Duration.ofSeconds(90));
        assertStatus(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"olga\",\"password\":\"" + OLGA_PASSWORD + "\"}}"));
        // the shipped read-only group: reads everything but the users, runs calculate-diff and the checks
        assertStatus(204, admin.send("PATCH", "/rests/data/ietf-netconf-acm:nacm",
            "{\"ietf-netconf-acm:nacm\":{\"groups\":{\"group\":[{\"name\":\"operator\",\"user-name\":[\"olga\"]}]}}}"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (sextant != null) {
            sextant.close();
        }
        if (device != null) {
            device.close();
        }
    }

    @BeforeEach
    void openBrowser() throws Exception {
        browser = Chromium.start(browserDir);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    /** Opens the page; the browser asks for a user and password (its own dialog) and gets these. */
    private void logIn(final String user, final String password) throws Exception {
        browser.answerLogins(user, password);
        browser.navigate(sextant.restconfUri().resolve("/ui/").toString());
        browser.await("!document.getElementById('nav').hidden", "the user is logged in");
        assertEquals("User " + user, browser.text("#user"));
    }

    private String rowText(final String column) throws Exception {
        return browser.text("tr[data-node='" + NODE + "'] td." + column).strip();
    }

    @Test
    void anAdminSeesTheDeviceChangeItsDiffAndCommitsItFromThePage() throws Exception {
        logIn("admin", PASSWORD);
        browser.awaitElement("tr[data-node='" + NODE + "']", "the device's row is listed");
        browser.await("document.querySelector(\"tr[data-node='" + NODE + "'] td.connection\").innerText"
            + ".includes('connected')", "the device is connected");
        assertEquals("synced", rowText("sync"));
        browser.await("document.getElementById('live').innerText === 'Live (event stream)'",
            "the page follows the node status event stream");
        browser.screenshot(SCREENSHOTS.resolve("devices.png"));

        final HttpResponse<String> put = admin.send("PUT", RestconfClient.intentInterface(NODE, "eth7"),
            RestconfClient.ethernetInterface("eth7", "set from the web page test"));
        assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.body());
        // no refresh: the change comes in through the event stream
        browser.await("document.querySelector(\"tr[data-node='" + NODE + "'] td.sync\").innerText"
            .concat(".includes('changed')"), "the node turned changed");
        browser.screenshot(SCREENSHOTS.resolve("devices-changed.png"));

        browser.click("tr[data-node='" + NODE + "'] a");
        browser.awaitElement("#diff .diff li.created", "the diff lists the created interface");
        final String diff = browser.text("#diff");
        assertTrue(diff.contains("+") && diff.contains("created") && diff.contains("\"eth7\""), diff);
        browser.awaitElement("#dry-run-payload", "the dry run shows the payload");
        assertTrue(browser.text("#dry-run-payload").contains("set from the web page test"),
            browser.text("#dry-run-payload"));
        assertTrue(browser.text("#intended").contains("set from the web page test"), "intended side");
        assertFalse(browser.text("#actual").contains("set from the web page test"), "actual side");
        browser.screenshot(SCREENSHOTS.resolve("node.png"));

        browser.click("#nav-commit");
        browser.awaitElement("#changes section[data-node='" + NODE + "']", "the commit page lists the node");
        browser.click("#commit");
        browser.awaitElement("#confirm:not([hidden])", "the commit asks for confirmation");
        assertTrue(browser.text("#question").contains(NODE), browser.text("#question"));
        browser.screenshot(SCREENSHOTS.resolve("commit.png"));
        browser.focus("#confirm");
        browser.press("Enter");
        browser.awaitElement("#outcome[data-status]", "the commit's outcome is shown");
        assertEquals("complete", browser.eval("document.querySelector('#outcome').dataset.status").getAsString(),
            browser.text("#results"));
        assertTrue(browser.text("#results tr[data-node='" + NODE + "']").contains("complete"));
        browser.screenshot(SCREENSHOTS.resolve("commit-result.png"));

        assertEquals(List.of("set from the web page test"), descriptionOnTheDevice("eth7"));

        browser.click("a[href='#/log']");
        browser.awaitElement("#log tbody tr", "the transaction log lists the commit");
        assertTrue(browser.text("#log tbody tr").contains(NODE), browser.text("#log"));
        browser.await("document.getElementById('log-live').innerText === 'Live (event stream)'",
            "the log follows the commit event stream");
        final int logged = browser.eval("document.querySelectorAll('#log tbody tr').length").getAsInt();
        // a commit made elsewhere (over RESTCONF) appears without a reload, newest first
        final HttpResponse<String> again = admin.send("PUT", RestconfClient.intentInterface(NODE, "eth9"),
            RestconfClient.ethernetInterface("eth9", "committed while the log is open"));
        assertTrue(again.statusCode() == 201 || again.statusCode() == 204, again.body());
        final JsonObject committed = admin.rpc("uniconfig-manager:commit", List.of(NODE));
        assertEquals("complete", committed.get("overall-status").getAsString(), committed.toString());
        browser.await("document.querySelectorAll('#log tbody tr').length === " + (logged + 1),
            "the new commit appears in the open log");
        browser.screenshot(SCREENSHOTS.resolve("log.png"));

        // the node's history: the page's commit and the one made over RESTCONF, compared
        browser.navigate(sextant.restconfUri().resolve("/ui/#/node/" + NODE).toString());
        browser.awaitElement("#to-history", "the node page links its history");
        browser.click("#to-history");
        browser.await("document.querySelectorAll('#history tbody tr').length === 2",
            "the history lists the node's two commits");
        browser.click("#compare");
        browser.awaitElement("#history-diff .diff li.created", "the comparison lists what the later commit created");
        final String between = browser.text("#history-diff");
        assertTrue(between.contains("eth9") && !between.contains("eth7"), between);
        browser.screenshot(SCREENSHOTS.resolve("history.png"));
        browser.click("#history tbody tr:nth-child(2) button");
        browser.awaitElement("#history-configuration", "the configuration after the older commit is shown");
        final String older = browser.text("#history-configuration");
        assertTrue(older.contains("set from the web page test") && !older.contains("committed while the log is open"),
            older);

        browser.click("a[href='#/snapshots']");
        browser.awaitElement("#snapshot-name", "the snapshot form is shown");
        browser.type("#snapshot-name", "before-ui-test");
        browser.press("Enter");
        browser.awaitElement("#snapshot-result table", "the snapshot is created");
        assertTrue(browser.text("#snapshot-result").contains("complete"), browser.text("#snapshot-result"));
        browser.navigate(sextant.restconfUri().resolve("/ui/#/devices").toString());
        browser.navigate(sextant.restconfUri().resolve("/ui/#/snapshots").toString());
        browser.awaitElement("tr[data-snapshot='before-ui-test']", "the snapshot is listed");
        browser.screenshot(SCREENSHOTS.resolve("snapshots.png"));
        // the browser asked once, when the page was opened: the page's RESTCONF calls, its event
        // stream and its later loads all went with the credentials the browser kept
        assertEquals(1, browser.loginPrompts());
    }

    @Test
    void withoutCredentialsTheBrowserGetsNoPage() throws Exception {
        // the user cancels the browser's login dialog: the browser shows the 401's short text
        browser.answerLogins(null, "");
        browser.navigate(sextant.restconfUri().resolve("/ui/").toString());
        assertEquals(1, browser.loginPrompts(), "the browser asked for a user and password");
        final String shown = browser.eval("document.body.innerText").getAsString();
        assertTrue(shown.startsWith("Log in with your Sextant user"), shown);
        assertFalse(browser.eval("document.querySelector('script, #nav, #page') !== null").getAsBoolean(), shown);
        assertEquals("text/plain", browser.eval("document.contentType").getAsString());
    }

    @Test
    void logOutMakesTheBrowserForgetTheCredentialsAndAnotherUserCanLogIn() throws Exception {
        logIn("admin", PASSWORD);
        browser.awaitElement("tr[data-node='" + NODE + "']", "the device's row is listed");
        assertEquals(1, browser.loginPrompts());
        browser.answerLogins(null, "");
        browser.click("#logout");
        browser.await("document.getElementById('signed-out-message').innerText.startsWith('Logged out')",
            "the page says the user is logged out");
        assertTrue(browser.eval("document.getElementById('nav').hidden && document.getElementById('page')"
            + ".childElementCount === 0").getAsBoolean(), "nothing of the admin's is shown");
        assertEquals(1, browser.loginPrompts(), "logging out itself shows no login dialog");
        // the browser sends no credentials any more: it asks, and a cancelled dialog leaves the 401
        assertEquals(401, browser.eval("fetch('/ui/user.json', {cache: 'no-store'}).then(r => r.status)")
            .getAsInt());
        assertEquals(2, browser.loginPrompts(), "the browser asked again");
        browser.screenshot(SCREENSHOTS.resolve("logged-out.png"));

        browser.answerLogins("olga", OLGA_PASSWORD);
        browser.click("#log-in-again");
        browser.await("document.getElementById('user') && document.getElementById('user').innerText === 'User olga'",
            "olga is logged in");
        assertEquals(3, browser.loginPrompts());
        browser.awaitElement("tr[data-node='" + NODE + "']", "the device's row is listed for olga");
        assertTrue(browser.eval("document.getElementById('nav-commit').hidden").getAsBoolean(),
            "olga's page, not the admin's: no commit link");
    }

    @Test
    void aReadOnlyUserSeesNoCommitButtonAndIsRefusedByTheApi() throws Exception {
        final HttpResponse<String> put = admin.send("PUT", RestconfClient.intentInterface(NODE, "eth8"),
            RestconfClient.ethernetInterface("eth8", "pending for olga"));
        assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.body());
        logIn("olga", OLGA_PASSWORD);
        browser.awaitElement("tr[data-node='" + NODE + "']", "the device's row is listed");
        assertTrue(browser.eval("document.getElementById('nav-commit').hidden").getAsBoolean(),
            "no commit link for a read-only user");
        browser.navigate(sextant.restconfUri().resolve("/ui/#/commit").toString());
        browser.awaitElement("#not-allowed", "the commit page says the user may not commit");
        assertFalse(browser.eval("document.querySelector('#commit') !== null").getAsBoolean(),
            "no commit button for a read-only user");
        browser.screenshot(SCREENSHOTS.resolve("read-only.png"));

        // the API refuses the commit anyway, however the page is bypassed
        final String refusal = browser.eval("(async () => { const m = await import('/ui/rest.js');"
            + " try { await m.rpc('uniconfig-manager:commit', m.targets(['" + NODE + "'])); return 'committed'; }"
            + " catch (e) { return e.status + ' ' + e.message; } })()").getAsString();
        assertTrue(refusal.startsWith("403 ") && refusal.contains("Access denied: user 'olga' may not invoke commit"),
            refusal);
        assertEquals(List.of(), descriptionOnTheDevice("eth8"), "nothing reached the device");
    }

    @Test
    void aChangedPasswordIsAskedForAgainAndACancelledDialogStopsThePage() throws Exception {
        setPassword("pete", "pete-password-1");
        logIn("pete", "pete-password-1");
        assertEquals(1, browser.loginPrompts());
        // the password changes while the page is open: the browser asks again, the new one carries on
        browser.answerLogins("pete", "pete-password-2");
        setPassword("pete", "pete-password-2");
        browser.click("a[href='#/log']");
        browser.awaitElement("#log", "the log page is shown with the new password");
        assertTrue(browser.loginPrompts() >= 2, "the browser asked again: " + browser.loginPrompts());
        assertTrue(browser.eval("document.getElementById('signed-out').hidden").getAsBoolean(),
            "the page goes on");
        // changed again, and this time the dialog is cancelled: the page stops and says why
        browser.answerLogins(null, "");
        setPassword("pete", "pete-password-3");
        browser.click("a[href='#/snapshots']");
        browser.await("!document.getElementById('signed-out').hidden", "the page says it is no longer logged in");
        assertTrue(browser.text("#signed-out-message").contains("no longer accepts"),
            browser.text("#signed-out-message"));
        assertTrue(browser.eval("document.getElementById('nav').hidden && document.getElementById('page')"
            + ".childElementCount === 0").getAsBoolean(), "nothing of pete's is shown");
    }

    private static void setPassword(final String user, final String password) throws Exception {
        assertStatus(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"" + user + "\",\"password\":\"" + password + "\"}}"));
    }

    private static void assertStatus(final int expected, final HttpResponse<String> response) {
        assertEquals(expected, response.statusCode(), response.body());
    }

    /** The interface's descriptions in the device's running datastore, through the test's own session. */
    private static List<String> descriptionOnTheDevice(final String name) throws Exception {
        try (NetconfVerifier session = NetconfVerifier.connect(device)) {
            final String running = session.getConfig("running", "<interfaces xmlns=\"http://openconfig.net/yang/"
                + "interfaces\"><interface><name>" + name + "</name></interface></interfaces>");
            return NetconfVerifier.values(running, "data", "interfaces", "interface", "config", "description");
        }
    }
}
