package io.sextant.security.service;

import static java.util.Objects.requireNonNull;

import io.sextant.datastore.Candidates;
import io.sextant.datastore.DataStore;
import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.auth.Authenticator;
import io.sextant.security.auth.BearerTokenVerifier;
import io.sextant.security.auth.BootstrapAdmin;
import io.sextant.security.auth.HttpAuthenticator;
import io.sextant.security.auth.InMemoryUserDirectory;
import io.sextant.security.auth.JwtSettings;
import io.sextant.security.auth.LoginRateLimiter;
import io.sextant.security.auth.PasswordAuthenticator;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.auth.UserDirectory;
import io.sextant.security.auth.UserRecord;
import io.sextant.security.auth.UsersCodec;
import io.sextant.security.auth.UsersModel;
import io.sextant.security.auth.VerificationCache;
import io.sextant.security.nacm.InvalidNacmConfigException;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.nacm.NacmIntentAccess;
import io.sextant.security.nacm.NacmCodec;
import io.sextant.security.nacm.NacmDefaults;
import io.sextant.security.nacm.NacmModel;
import io.sextant.security.nacm.NacmPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.ParseException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's users and NACM rules, kept as configuration data ({@code sextant-users:users},
 * {@code ietf-netconf-acm:nacm}) with everything else: on an empty store it writes the shipped
 * NACM defaults and the bootstrap {@code admin} (only its password hash). It answers who a
 * request's credentials belong to ({@link #httpAuthenticator()}, {@link #passwords()}) and what
 * that user may do ({@link #access}); both follow the stored data at once, since each looks
 * at the committed state and recompiles only when it changed. Implements
 * {@code sextant-users:set-password}.
 */
@Component(service = { AccessControl.class, IntentAccess.Policy.class }, immediate = true)
public final class AccessControl implements IntentAccess.Policy, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AccessControl.class);

    /** A policy and the data it was compiled from (compared by identity: the store shares unchanged nodes). */
    /** The policy of the stored rules ({@code source}: null when there are none). */
    private record Compiled(@Nullable NormalizedNode source, NacmPolicy policy) {
    }

    private final DataStore config;
    private final PasswordHasher hasher;
    private final InMemoryUserDirectory directory = new InMemoryUserDirectory();
    private final PasswordAuthenticator passwords;
    private final Authenticator http;
    private final List<Registration> registrations;
    /** Null before the first {@link #policy}. */
    private volatile @Nullable Compiled compiled;
    /** The stored users last read (null: none stored). */
    private volatile @Nullable NormalizedNode usersSeen;

    @Activate
    public AccessControl(@Reference final ControllerStores datastores, @Reference final RpcRegistry rpcs,
            @Reference final AuditLog audit) {
        this(datastores.config(), rpcs, ControllerSettings.fromSystemProperties(),
            SecuritySettings.fromSystemProperties(), new PasswordHasher(), AccessControl::announce, audit);
    }

    /**
     * @param announce told a generated admin password, once
     * @param audit where logins and failed logins are recorded
     * @throws UncheckedIOException when the admin password file cannot be read or written
     * @throws IllegalArgumentException when the bearer token settings cannot be used
     */
    public AccessControl(final DataStore config, final RpcRegistry rpcs, final ControllerSettings settings,
            final SecuritySettings security, final PasswordHasher hasher, final Consumer<String> announce,
            final AuditLog audit) {
        this.config = requireNonNull(config);
        this.hasher = requireNonNull(hasher);
        this.passwords = new PasswordAuthenticator(new StoredUsers(), hasher, new VerificationCache(),
            new LoginRateLimiter(), audit);
        this.http = new HttpAuthenticator(passwords, bearer(security));
        final Registration validator = config.registerValidator(NacmModel.NACM_PATH, candidate -> {
            final Optional<NormalizedNode> after = Candidates.find(candidate, NacmModel.NACM_PATH)
                .flatMap(node -> Optional.ofNullable(node.dataAfter()));
            try {
                NacmCodec.fromNormalizedNode(after.orElse(null));
            } catch (InvalidNacmConfigException e) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                    "The NACM rules are not valid: " + e.getMessage(), NacmModel.NACM_PATH);
            }
        });
        try {
            bootstrap(settings, announce);
        } catch (IOException e) {
            validator.close();
            throw new UncheckedIOException("Cannot set up the admin user: " + e.getMessage(), e);
        } catch (OperationErrorsException e) {
            validator.close();
            throw new IllegalStateException("Cannot store the shipped users and NACM rules: " + e.getMessage(), e);
        }
        registrations = List.of(validator, rpcs.register(UsersModel.SET_PASSWORD, this::setPassword));
    }

    private static @Nullable BearerTokenVerifier bearer(final SecuritySettings security) {
        final JwtSettings jwt = security.jwt();
        if (jwt == null) {
            return null;
        }
        try {
            return new BearerTokenVerifier(jwt);
        } catch (IOException | ParseException e) {
            throw new IllegalArgumentException("The bearer token issuer's keys cannot be read: " + e.getMessage(), e);
        }
    }

    private static void announce(final String message) {
        LOG.warn(message);
        System.out.println(message);
    }

    /** Writes the shipped NACM rules when there are none, and the admin when missing (or its password from the environment). */
    private void bootstrap(final ControllerSettings settings, final Consumer<String> announce)
            throws IOException, OperationErrorsException {
        final Optional<UserRecord> admin = UsersCodec.fromNormalizedNode(
                config.snapshot().read(UsersModel.USERS_PATH).orElse(null))
            .stream().filter(user -> user.name().equals(BootstrapAdmin.USER)).findFirst();
        final String envPassword = settings.adminPassword();
        final UserRecord newAdmin;
        if (admin.isEmpty()) {
            newAdmin = BootstrapAdmin.resolve(envPassword, settings.dataDir(), hasher, announce);
        } else if (envPassword != null && !envPassword.isEmpty()
                && !hasher.verify(envPassword.toCharArray(), admin.orElseThrow().passwordHash())) {
            LOG.info("The password of user 'admin' is set from {}", BootstrapAdmin.PASSWORD_ENV);
            newAdmin = new UserRecord(BootstrapAdmin.USER, hasher.hash(envPassword.toCharArray()),
                admin.orElseThrow().enabled());
        } else {
            newAdmin = null;
        }
        config.update(tx -> {
            if (tx.read(NacmModel.NACM_PATH).isEmpty()) {
                tx.put(NacmModel.NACM_PATH, NacmCodec.toNormalizedNode(NacmDefaults.config(BootstrapAdmin.USER)));
            }
            if (newAdmin != null) {
                tx.merge(UsersModel.USERS_PATH, UsersCodec.toNormalizedNode(List.of(newAdmin)));
            }
        });
    }

    /** HTTP Basic (and Bearer, when an issuer is configured) against the stored users. */
    public Authenticator httpAuthenticator() {
        return http;
    }

    /** Passwords of the stored users, for the console's login. */
    /** The audit log logins go to (and the requests this controls, for those who serve them). */
    public AuditLog audit() {
        return passwords.audit();
    }

    public PasswordAuthenticator passwords() {
        return passwords;
    }

    /** What the user of a request may do under the rules stored now. */
    public NacmAccess access(final RequestContext context) {
        return access(context.user(), context.externalGroups());
    }

    /** What the user of a request may change in UniConfig nodes' intents, under the rules stored now. */
    @Override
    public IntentAccess forRequest(final RequestContext context) {
        return NacmIntentAccess.of(access(context));
    }

    public NacmAccess access(final String user, final Set<String> externalGroups) {
        return policy().access(user, externalGroups);
    }

    /** The policy of the stored rules, compiled again only when they changed. */
    public NacmPolicy policy() {
        final NormalizedNode now = config.snapshot().read(NacmModel.NACM_PATH).orElse(null);
        Compiled current = compiled;
        if (current == null || current.source() != now) {
            current = new Compiled(now, NacmPolicy.compile(NacmCodec.fromNormalizedNode(now)));
            compiled = current;
        }
        return current.policy();
    }

    private CompletionStage<Optional<ContainerNode>> setPassword(final ContainerNode input,
            final RequestContext context) {
        final String name = String.valueOf(input.childByArg(new NodeIdentifier(UsersModel.NAME)).body());
        final char[] password = String.valueOf(input.childByArg(new NodeIdentifier(UsersModel.PASSWORD)).body())
            .toCharArray();
        final String hash = hasher.hash(password);
        Arrays.fill(password, '\0');
        try {
            config.update(tx -> {
                final boolean enabled = UsersCodec.fromNormalizedNode(tx.read(UsersModel.USERS_PATH).orElse(null)).stream()
                    .filter(user -> user.name().equals(name)).findFirst().map(UserRecord::enabled).orElse(true);
                tx.merge(UsersModel.USERS_PATH, UsersCodec.toNormalizedNode(List.of(new UserRecord(name, hash,
                    enabled))));
            });
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        passwords.invalidate(name);
        LOG.info("User '{}' set the password of user '{}'", context.user(), name);
        return CompletableFuture.completedFuture(Optional.empty());
    }

    /** The stored users, refreshed from the committed state when it changed. */
    private final class StoredUsers implements UserDirectory {
        @Override
        public Optional<UserRecord> find(final String name) {
            final NormalizedNode now = config.snapshot().read(UsersModel.USERS_PATH).orElse(null);
            if (now != usersSeen) {
                refresh(now);
            }
            return directory.find(name);
        }

        private synchronized void refresh(final @Nullable NormalizedNode now) {
            if (now == usersSeen) {
                return;
            }
            final Map<String, UserRecord> before = new HashMap<>();
            for (UserRecord user : UsersCodec.fromNormalizedNode(usersSeen)) {
                before.put(user.name(), user);
            }
            final List<UserRecord> after = UsersCodec.fromNormalizedNode(now);
            directory.replaceAll(after);
            for (UserRecord user : after) {
                final UserRecord old = before.remove(user.name());
                if (old != null && !Objects.equals(old, user)) {
                    passwords.invalidate(user.name());
                }
            }
            before.keySet().forEach(passwords::invalidate);
            usersSeen = now;
        }
    }

    @Deactivate
    @Override
    public void close() {
        registrations.forEach(Registration::close);
    }
}
