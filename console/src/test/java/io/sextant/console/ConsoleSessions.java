package io.sextant.console;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedActionException;
import java.security.PrivilegedExceptionAction;
import javax.security.auth.Subject;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.console.Session;

/** A Karaf shell session printing into a buffer, and commands run as a user logged in over SSH. */
final class ConsoleSessions {
    private ConsoleSessions() {
    }

    /** A session whose console prints into {@code printed}. */
    static Session printingInto(final ByteArrayOutputStream printed) {
        final PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);
        return (Session) Proxy.newProxyInstance(Session.class.getClassLoader(), new Class<?>[] { Session.class },
            (proxy, method, args) -> switch (method.getName()) {
                case "getConsole" -> console;
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    /** Runs {@code command} as {@code user} logged in over SSH, as Karaf's shell does; what it printed. */
    @SuppressWarnings("removal")
    static String runAs(final String user, final Action command, final ByteArrayOutputStream printed)
            throws Exception {
        final Subject subject = new Subject();
        subject.getPrincipals().add(new UserPrincipal(user));
        printed.reset();
        try {
            Subject.doAs(subject, (PrivilegedExceptionAction<Object>) command::execute);
        } catch (PrivilegedActionException e) {
            throw e.getException();
        }
        return printed.toString(StandardCharsets.UTF_8);
    }
}
