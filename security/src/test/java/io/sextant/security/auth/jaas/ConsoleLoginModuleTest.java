package io.sextant.security.auth.jaas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.security.audit.AuditEvent;
import io.sextant.security.auth.InMemoryUserDirectory;
import io.sextant.security.auth.LoginRateLimiter;
import io.sextant.security.auth.PasswordAuthenticator;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.auth.UserRecord;
import io.sextant.security.auth.VerificationCache;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.security.auth.Subject;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginContext;
import org.apache.karaf.jaas.boot.principal.ClientPrincipal;
import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.junit.jupiter.api.Test;

/** The console realm through the JDK's own JAAS machinery, as Karaf's SSH server drives it. */
class ConsoleLoginModuleTest {
    private final PasswordHasher hasher = new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1));
    private final InMemoryUserDirectory users = new InMemoryUserDirectory();
    private final List<AuditEvent> audited = new CopyOnWriteArrayList<>();
    private final PasswordAuthenticator authenticator = new PasswordAuthenticator(users, hasher,
        new VerificationCache(), new LoginRateLimiter(2, Duration.ofMinutes(1), 100, System::nanoTime), audited::add);
    private final Function<String, Set<String>> roles = user -> user.equals("admin")
        ? Set.of("admin", "ssh") : Set.of("viewer", "ssh");

    private LoginContext context(final Subject subject, final String user, final String password) throws Exception {
        final Configuration configuration = new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(final String name) {
                return new AppConfigurationEntry[] { new AppConfigurationEntry(ConsoleLoginModule.class.getName(),
                    AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                    Map.of(ConsoleLoginModule.AUTHENTICATOR, authenticator, ConsoleLoginModule.ROLES, roles)) };
            }
        };
        return new LoginContext("karaf", subject, callbacks -> {
            ((NameCallback) callbacks[0]).setName(user);
            ((PasswordCallback) callbacks[1]).setPassword(password.toCharArray());
        }, configuration);
    }

    @Test
    void consoleUsersLogInWithTheirControllerPasswordAndGetTheirRoles() throws Exception {
        users.put(new UserRecord("admin", hasher.hash("admin-pw-1".toCharArray()), true));
        final Subject subject = new Subject();
        subject.getPrincipals().add(new ClientPrincipal("ssh", "127.0.0.1:50312"));
        final LoginContext login = context(subject, "admin", "admin-pw-1");
        login.login();
        assertEquals(Set.of("admin"), subject.getPrincipals(UserPrincipal.class).stream()
            .map(UserPrincipal::getName).collect(Collectors.toSet()));
        assertEquals(Set.of("admin", "ssh"), subject.getPrincipals(RolePrincipal.class).stream()
            .map(RolePrincipal::getName).collect(Collectors.toSet()));
        login.logout();
        assertTrue(subject.getPrincipals(UserPrincipal.class).isEmpty());
    }

    @Test
    void wrongPasswordsFailAndCountAgainstTheClientsAddress() throws Exception {
        users.put(new UserRecord("admin", hasher.hash("admin-pw-1".toCharArray()), true));
        for (int i = 0; i < 2; i++) {
            final Subject subject = new Subject();
            subject.getPrincipals().add(new ClientPrincipal("ssh", "10.9.9.9:4000" + i));
            final FailedLoginException error = assertThrows(FailedLoginException.class,
                () -> context(subject, "admin", "wrong").login());
            assertEquals("Wrong user name or password", error.getMessage());
        }
        final Subject subject = new Subject();
        subject.getPrincipals().add(new ClientPrincipal("ssh", "10.9.9.9:40009"));
        final FailedLoginException limited = assertThrows(FailedLoginException.class,
            () -> context(subject, "admin", "admin-pw-1").login());
        assertTrue(limited.getMessage().startsWith("Too many failed logins from 10.9.9.9"), limited.getMessage());
    }

    @Test
    void consoleLoginsFailedLoginsAndRateLimitedLoginsAreAuditedWithTheClientsAddress() throws Exception {
        users.put(new UserRecord("olivia", hasher.hash("olivia-pw-1".toCharArray()), true));
        for (String password : List.of("olivia-pw-1", "wrong-1", "wrong-2", "olivia-pw-1")) {
            final Subject subject = new Subject();
            subject.getPrincipals().add(new ClientPrincipal("ssh", "10.7.7.7:50312"));
            try {
                context(subject, "olivia", password).login();
            } catch (FailedLoginException e) {
                // audited below
            }
        }
        // a login, two failed logins, and the right password refused by the rate limit (the source failed twice)
        assertEquals(List.of(AuditEvent.Type.LOGIN, AuditEvent.Type.LOGIN_FAILED, AuditEvent.Type.LOGIN_FAILED,
            AuditEvent.Type.LOGIN_FAILED), audited.stream().map(AuditEvent::type).toList(), audited.toString());
        for (AuditEvent event : audited) {
            assertEquals("olivia", event.user());
            assertEquals("10.7.7.7", event.source());
            assertEquals("console", event.details().get("method"));
        }
        assertFalse(audited.get(2).isRateLimitedLogin());
        assertTrue(audited.get(3).isRateLimitedLogin(), audited.get(3).toString());
        assertFalse(audited.toString().contains("olivia-pw-1") || audited.toString().contains("wrong-1"));
    }
}
