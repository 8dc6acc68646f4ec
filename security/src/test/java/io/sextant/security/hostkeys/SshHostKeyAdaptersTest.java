package io.sextant.security.hostkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sextant.security.hostkeys.odl.OdlHostKeyVerifier;
import io.sextant.security.hostkeys.sshd.SshdHostKeyVerifier;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The verifier inside real SSH key exchanges on loopback: an Apache sshd server whose host key
 * changes, reached by Apache sshd's client (the CLI southbound's) and by OpenDaylight's
 * shaded client (the NETCONF southbound's).
 */
class SshHostKeyAdaptersTest {
    private final List<HostKeyVerdict> verdicts = new CopyOnWriteArrayList<>();
    private final HostKeyVerifier verifier = new HostKeyVerifier(new InMemoryHostKeyStore(), verdicts::add);
    private SshServer server;
    private SshClient apache;
    private org.opendaylight.netconf.shaded.sshd.client.SshClient shaded;

    @BeforeEach
    void start() {
        apache = SshClient.setUpDefaultClient();
        apache.start();
        shaded = org.opendaylight.netconf.shaded.sshd.client.SshClient.setUpDefaultClient();
        shaded.start();
    }

    @AfterEach
    void stop() throws Exception {
        apache.stop();
        shaded.stop();
        if (server != null) {
            server.stop(true);
        }
    }

    private KeyPair serve() throws Exception {
        if (server != null) {
            server.stop(true);
        }
        final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        final KeyPair hostKey = generator.generateKeyPair();
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
        server.setPasswordAuthenticator((user, password, session) -> "admin".equals(password));
        server.start();
        return hostKey;
    }

    private void loginApache(final HostKeyPolicy policy) throws Exception {
        apache.setServerKeyVerifier(new SshdHostKeyVerifier(verifier, "R1", policy, verdict -> { }));
        try (ClientSession session = apache.connect("admin", "127.0.0.1", server.getPort())
                .verify(Duration.ofSeconds(10)).getSession()) {
            session.addPasswordIdentity("admin");
            session.auth().verify(Duration.ofSeconds(10));
        }
    }

    private void loginShaded(final HostKeyPolicy policy) throws Exception {
        shaded.setServerKeyVerifier(new OdlHostKeyVerifier(verifier, "R1", policy, verdict -> { }));
        try (var session = shaded.connect("admin", "127.0.0.1", server.getPort())
                .verify(Duration.ofSeconds(10)).getSession()) {
            session.addPasswordIdentity("admin");
            session.auth().verify(Duration.ofSeconds(10));
        }
    }

    private HostKeyVerdict.Outcome last() {
        return verdicts.get(verdicts.size() - 1).outcome();
    }

    @Test
    void apacheSshdSessionsLearnTheKeyAndAreRefusedWhenItChanges() throws Exception {
        serve();
        loginApache(HostKeyPolicy.TRUST_ON_FIRST_USE);
        assertEquals(HostKeyVerdict.Outcome.LEARNED, last());
        loginApache(HostKeyPolicy.TRUST_ON_FIRST_USE);
        assertEquals(HostKeyVerdict.Outcome.MATCHED_KNOWN, last());

        final KeyPair replaced = serve();
        assertThrows(Exception.class, () -> loginApache(HostKeyPolicy.TRUST_ON_FIRST_USE));
        assertEquals(HostKeyVerdict.Outcome.CHANGED, last());

        verifier.accept("R1", replaced.getPublic());
        loginApache(HostKeyPolicy.TRUST_ON_FIRST_USE);
        assertEquals(HostKeyVerdict.Outcome.MATCHED_KNOWN, last());
    }

    @Test
    void openDaylightShadedSessionsAreCheckedTheSameWay() throws Exception {
        final KeyPair hostKey = serve();
        loginShaded(HostKeyPolicy.strict(List.of(OpenSshKeys.publicKeyLine(hostKey.getPublic()))));
        assertEquals(HostKeyVerdict.Outcome.MATCHED_EXPECTED, last());
        serve();
        assertThrows(Exception.class,
            () -> loginShaded(HostKeyPolicy.strict(List.of(OpenSshKeys.publicKeyLine(hostKey.getPublic())))));
        assertEquals(HostKeyVerdict.Outcome.UNEXPECTED, last());
        loginShaded(HostKeyPolicy.TRUST_ON_FIRST_USE);
        assertEquals(HostKeyVerdict.Outcome.LEARNED, last());
    }
}
