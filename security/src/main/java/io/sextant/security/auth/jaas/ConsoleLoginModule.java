package io.sextant.security.auth.jaas;

import io.sextant.security.auth.AuthResult;
import io.sextant.security.auth.PasswordAuthenticator;
import java.io.IOException;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;
import org.apache.karaf.jaas.boot.principal.ClientPrincipal;
import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The JAAS login module of the Karaf console's realm: the same users, hashes, cache and
 * per-source rate limit as RESTCONF. Register it in a Karaf {@code JaasRealm} whose entry
 * options carry {@link #AUTHENTICATOR} (a {@link PasswordAuthenticator}) and {@link #ROLES} (a
 * {@code Function<String, Set<String>>} from user name to the Karaf roles the console needs,
 * such as {@code ssh} and {@code admin}; what each command may do is NACM's business).
 */
public final class ConsoleLoginModule implements LoginModule {
    public static final String AUTHENTICATOR = "sextant.authenticator";
    public static final String ROLES = "sextant.roles";

    /** The login's subject, from {@link #initialize} on (JAAS calls it first); the others likewise. */
    private @Nullable Subject subject;
    private @Nullable CallbackHandler callbacks;
    private @Nullable PasswordAuthenticator authenticator;
    private @Nullable Function<String, Set<String>> roles;
    private final List<Principal> principals = new ArrayList<>();
    private @Nullable String user;

    @Override
    @SuppressWarnings("unchecked")
    public void initialize(final Subject newSubject, final CallbackHandler handler, final Map<String, ?> sharedState,
            final Map<String, ?> options) {
        subject = newSubject;
        callbacks = handler;
        authenticator = (PasswordAuthenticator) options.get(AUTHENTICATOR);
        roles = (Function<String, Set<String>>) options.get(ROLES);
    }

    @Override
    public boolean login() throws LoginException {
        final PasswordAuthenticator passwords = authenticator;
        final Function<String, Set<String>> userRoles = roles;
        if (passwords == null || userRoles == null) {
            throw new LoginException("The Sextant console realm is not configured (" + AUTHENTICATOR + ", " + ROLES
                + ")");
        }
        final NameCallback name = new NameCallback("Username: ");
        final PasswordCallback password = new PasswordCallback("Password: ", false);
        final CallbackHandler handler = callbacks;
        if (handler == null) {
            throw new LoginException("No callback handler to ask for credentials");
        }
        try {
            handler.handle(new Callback[] { name, password });
        } catch (IOException | UnsupportedCallbackException e) {
            throw new LoginException("Cannot ask for credentials: " + e.getMessage());
        }
        final char[] secret = password.getPassword();
        if (name.getName() == null || secret == null) {
            throw new FailedLoginException("User name and password are required");
        }
        try {
            final AuthResult result = passwords.authenticate(name.getName(), secret, source(), "console");
            if (result instanceof AuthResult.Refused refused) {
                throw new FailedLoginException(refused.message());
            }
        } finally {
            Arrays.fill(secret, '\0');
            password.clearPassword();
        }
        final String loggedIn = name.getName();
        user = loggedIn;
        principals.add(new UserPrincipal(loggedIn));
        for (String role : userRoles.apply(loggedIn)) {
            principals.add(new RolePrincipal(role));
        }
        return true;
    }

    /** The client's address from the principal Karaf's SSH server adds, such as {@code ssh(127.0.0.1:50312)}. */
    private String source() {
        if (subject != null) {
            for (ClientPrincipal client : subject.getPrincipals(ClientPrincipal.class)) {
                final String text = client.getName();
                final int open = text.indexOf('(');
                final int colon = text.lastIndexOf(':');
                if (open >= 0 && colon > open) {
                    return text.substring(open + 1, colon);
                }
                return text;
            }
        }
        return "console";
    }

    @Override
    public boolean commit() {
        final Subject current = subject;
        if (user == null || current == null) {
            return false;
        }
        current.getPrincipals().addAll(principals);
        return true;
    }

    @Override
    public boolean abort() {
        principals.clear();
        user = null;
        return true;
    }

    @Override
    public boolean logout() {
        final Subject current = subject;
        if (current != null) {
            current.getPrincipals().removeAll(principals);
        }
        principals.clear();
        user = null;
        return true;
    }
}
