package io.sextant.security.auth.jaas;

import io.sextant.spi.ControllerSettings;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.BootstrapAdmin;
import io.sextant.security.auth.InMemoryUserDirectory;
import io.sextant.security.auth.LoginRateLimiter;
import io.sextant.security.auth.PasswordAuthenticator;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.auth.VerificationCache;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.nacm.NacmDefaults;
import io.sextant.security.service.AccessControl;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import org.apache.karaf.jaas.boot.ProxyLoginModule;
import org.apache.karaf.jaas.config.JaasRealm;
import org.eclipse.jdt.annotation.Nullable;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Karaf console's JAAS realm ({@code karaf}, ranked above the shipped properties realm, so
 * SSH logins and JMX use it): the controller's own users, hashes, cache and rate limit, through
 * {@link ConsoleLoginModule}. While the controller starts (its users are in the datastore, which
 * may wait for its database), only the bootstrap {@code admin} can log in, with the password the
 * controller will give it (from {@value BootstrapAdmin#PASSWORD_ENV} or the data directory's
 * password file), so that {@code sextant:status} can say what the start waits for. Its logins
 * and failed logins are audited like those after the start, once the audit log is open.
 *
 * <p>Karaf roles follow the NACM groups: members of {@value NacmDefaults#ADMIN_GROUP} get
 * Karaf's administrative roles, everyone else {@code viewer} and {@code ssh}. What a
 * {@code sextant:} command may do is decided by NACM, as for RESTCONF.
 */
@Component(service = JaasRealm.class, immediate = true)
public final class ConsoleRealm implements JaasRealm {
    /** The realm Karaf's SSH server and JMX log in with. */
    public static final String NAME = "karaf";
    static final Set<String> ADMIN_ROLES = Set.of("admin", "manager", "viewer", "systembundles", "ssh");
    static final Set<String> USER_ROLES = Set.of("viewer", "ssh");

    private static final Logger LOG = LoggerFactory.getLogger(ConsoleRealm.class);

    private final long bundleId;
    private final PasswordAuthenticator starting;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile @Nullable AccessControl control;

    /** Where the logins of the start go (once the controller runs, {@link AccessControl} audits them itself). */
    private volatile @Nullable AuditLog audit;

    @Activate
    public ConsoleRealm(final BundleContext context) {
        this(context.getBundle().getBundleId(), ControllerSettings.fromSystemProperties());
    }

    ConsoleRealm(final long bundleId, final ControllerSettings settings) {
        this.bundleId = bundleId;
        this.starting = startingAuthenticator(settings, this::auditWhileStarting);
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY, unbind = "unsetAudit")
    void setAudit(final AuditLog log) {
        audit = log;
    }

    void unsetAudit(final AuditLog log) {
        if (audit == log) {
            audit = null;
        }
    }

    /** A login of the start, to the audit log once it is open; until then to the log, at WARN. */
    private void auditWhileStarting(final AuditEvent event) {
        final AuditLog current = audit;
        if (current != null) {
            current.record(event);
        } else {
            LOG.warn("Console {} of {} from {} not audited: the audit log is not open yet ({})",
                event.type().jsonName(), event.user(), event.source(), event.message());
        }
    }

    /**
     * The bootstrap admin alone, or nobody when its password is not decided yet (nobody logs in
     * until the start ends); logins and failed logins go to {@code audit}.
     */
    static PasswordAuthenticator startingAuthenticator(final ControllerSettings settings, final AuditLog audit) {
        final PasswordHasher hasher = new PasswordHasher();
        final InMemoryUserDirectory users = new InMemoryUserDirectory();
        try {
            BootstrapAdmin.known(settings.adminPassword(), settings.dataDir(), hasher).ifPresent(users::put);
        } catch (IOException e) {
            LOG.warn("The console takes no login until the controller has started: {}", e.getMessage());
        }
        return new PasswordAuthenticator(users, hasher, new VerificationCache(), new LoginRateLimiter(), audit);
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public int getRank() {
        // Karaf's own properties realm has rank 0
        return 1;
    }

    @Override
    public AppConfigurationEntry[] getEntries() {
        final Map<String, Object> options = new HashMap<>();
        options.put(ProxyLoginModule.PROPERTY_MODULE, ConsoleLoginModule.class.getName());
        options.put(ProxyLoginModule.PROPERTY_BUNDLE, Long.toString(bundleId));
        options.putAll(loginOptions(control));
        return new AppConfigurationEntry[] {
            new AppConfigurationEntry(ProxyLoginModule.class.getName(), LoginModuleControlFlag.REQUIRED, options) };
    }

    /** The options of {@link ConsoleLoginModule}: whose passwords count, and the roles a user gets. */
    Map<String, Object> loginOptions(final @Nullable AccessControl current) {
        if (current == null) {
            final Function<String, Set<String>> roles = user -> user.equals(BootstrapAdmin.USER) ? ADMIN_ROLES
                : Set.of();
            return Map.of(ConsoleLoginModule.AUTHENTICATOR, starting, ConsoleLoginModule.ROLES, roles);
        }
        final Function<String, Set<String>> roles = user -> rolesOf(current.access(user, Set.of()));
        return Map.of(ConsoleLoginModule.AUTHENTICATOR, current.passwords(), ConsoleLoginModule.ROLES, roles);
    }

    static Set<String> rolesOf(final NacmAccess access) {
        return access.isUnrestricted() || access.groups().contains(NacmDefaults.ADMIN_GROUP) ? ADMIN_ROLES
            : USER_ROLES;
    }
}
