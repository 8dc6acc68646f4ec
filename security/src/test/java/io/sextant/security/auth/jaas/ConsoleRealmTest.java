package io.sextant.security.auth.jaas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sextant.spi.ControllerSettings;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.BootstrapAdmin;
import io.sextant.security.nacm.NacmDefaults;
import io.sextant.security.nacm.NacmPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import javax.security.auth.Subject;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginContext;
import org.apache.karaf.jaas.boot.ProxyLoginModule;
import org.apache.karaf.jaas.boot.principal.ClientPrincipal;
import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console realm before the controller's users are there, and the Karaf roles NACM groups give. */
class ConsoleRealmTest {
    @TempDir
    Path dataDir;

    private static Subject login(final ConsoleRealm realm, final String user, final String password) throws Exception {
        final Map<String, Object> options = realm.loginOptions(null);
        final Configuration configuration = new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(final String name) {
                return new AppConfigurationEntry[] { new AppConfigurationEntry(ConsoleLoginModule.class.getName(),
                    AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, options) };
            }
        };
        final Subject subject = new Subject();
        subject.getPrincipals().add(new ClientPrincipal("ssh", "127.0.0.1:50000"));
        new LoginContext(ConsoleRealm.NAME, subject, callbacks -> {
            ((NameCallback) callbacks[0]).setName(user);
            ((PasswordCallback) callbacks[1]).setPassword(password.toCharArray());
        }, configuration).login();
        return subject;
    }

    @Test
    void whileTheControllerStartsOnlyTheBootstrapAdminLogsInWithItsPassword() throws Exception {
        final ConsoleRealm realm = new ConsoleRealm(7, ControllerSettings.forTests(dataDir, "boot-password-1"));
        final Subject admin = login(realm, "admin", "boot-password-1");
        assertEquals(ConsoleRealm.ADMIN_ROLES, admin.getPrincipals(RolePrincipal.class).stream()
            .map(RolePrincipal::getName).collect(Collectors.toSet()));
        assertThrows(FailedLoginException.class, () -> login(realm, "admin", "another-password"));
        assertThrows(FailedLoginException.class, () -> login(realm, "olivia", "boot-password-1"));
    }

    @Test
    void loginsWhileTheControllerStartsAreAuditedOnceTheAuditLogIsThere() throws Exception {
        final ConsoleRealm realm = new ConsoleRealm(7, ControllerSettings.forTests(dataDir, "boot-password-1"));
        // before the audit log is open: logged at WARN only, the refusal itself unaffected
        assertThrows(FailedLoginException.class, () -> login(realm, "admin", "an-early-guess"));
        final List<AuditEvent> recorded = new CopyOnWriteArrayList<>();
        final AuditLog audit = recorded::add;
        realm.setAudit(audit);
        assertThrows(FailedLoginException.class, () -> login(realm, "admin", "a-guess"));
        login(realm, "admin", "boot-password-1");
        assertEquals(List.of(AuditEvent.Type.LOGIN_FAILED, AuditEvent.Type.LOGIN), recorded.stream()
            .map(AuditEvent::type).toList(), recorded.toString());
        for (AuditEvent event : recorded) {
            assertEquals("admin", event.user());
            assertEquals("127.0.0.1", event.source());
            assertEquals("console", event.details().get("method"));
        }
        assertEquals("Wrong password", recorded.get(0).message());
        realm.unsetAudit(audit);
        assertThrows(FailedLoginException.class, () -> login(realm, "admin", "a-late-guess"));
        assertEquals(2, recorded.size(), "nothing recorded to an audit log that went away");
    }

    @Test
    void theBootstrapPasswordFileCountsWhenNoPasswordIsInTheEnvironment() throws Exception {
        Files.writeString(dataDir.resolve(BootstrapAdmin.PASSWORD_FILE), "from-the-file-1\n");
        final ConsoleRealm realm = new ConsoleRealm(7, ControllerSettings.forTests(dataDir, null));
        login(realm, "admin", "from-the-file-1");
    }

    @Test
    void nobodyLogsInDuringTheFirstStartBeforeAPasswordIsGenerated() throws Exception {
        final ConsoleRealm realm = new ConsoleRealm(7, ControllerSettings.forTests(dataDir, null));
        assertThrows(FailedLoginException.class, () -> login(realm, "admin", ""));
        assertThrows(FailedLoginException.class, () -> login(realm, "admin", "anything-at-all"));
        // generating (and announcing) the password is the controller's job, not the realm's
        assertFalse(Files.exists(dataDir.resolve(BootstrapAdmin.PASSWORD_FILE)));
    }

    @Test
    void karafLoadsTheLoginModuleThroughItsProxyFromThisBundle() {
        final ConsoleRealm realm = new ConsoleRealm(42, ControllerSettings.forTests(dataDir, "boot-password-1"));
        final AppConfigurationEntry[] entries = realm.getEntries();
        assertEquals(1, entries.length);
        assertEquals(ProxyLoginModule.class.getName(), entries[0].getLoginModuleName());
        assertEquals(ConsoleLoginModule.class.getName(), entries[0].getOptions().get(ProxyLoginModule.PROPERTY_MODULE));
        assertEquals("42", entries[0].getOptions().get(ProxyLoginModule.PROPERTY_BUNDLE));
        assertEquals(AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, entries[0].getControlFlag());
    }

    @Test
    void karafRolesFollowTheNacmGroups() {
        final NacmPolicy policy = NacmPolicy.compile(NacmDefaults.config("admin"));
        assertEquals(ConsoleRealm.ADMIN_ROLES, ConsoleRealm.rolesOf(policy.access("admin", Set.of())));
        assertEquals(Set.of("viewer", "ssh"), ConsoleRealm.rolesOf(policy.access("olivia", Set.of())));
        assertEquals(Set.of("viewer", "ssh"), ConsoleRealm.rolesOf(policy.access("olivia",
            Set.of(NacmDefaults.OPERATOR_GROUP))));
    }
}
