package io.sextant.console;

import io.sextant.spi.IntentAccess;
import io.sextant.spi.MountedNode;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.model.ControllerSchema;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.Decision;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.nacm.NacmIntentAccess;
import io.sextant.security.nacm.NacmOperation;
import io.sextant.security.nacm.WriteCheck;
import io.sextant.security.service.AccessControl;
import java.security.AccessController;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.security.auth.Subject;
import org.apache.karaf.jaas.boot.principal.ClientPrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * The user a console command runs for and what NACM lets that user do: the console calls the
 * controller's services as the logged-in user, under the same rules as RESTCONF. The local
 * console ({@code bin/karaf} in the foreground) belongs to whoever started the process, who
 * owns its files anyway: it is not restricted. A session without a known user may do nothing.
 */
final class ConsoleUser {
    /** What {@code node-list} and {@code node-status} show: the mounted nodes. */
    static final YangInstanceIdentifier TOPOLOGY = YangInstanceIdentifier.of(
        QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology"));
    /** What {@code status} shows. */
    static final YangInstanceIdentifier STATUS = YangInstanceIdentifier.of(QName.create(ControllerSchema.SEXTANT,
        "status"));

    /** Karaf's principal method for the local console. */
    private static final String LOCAL = "local";

    private final @Nullable NacmAccess access;

    private ConsoleUser(final @Nullable NacmAccess access) {
        this.access = access;
    }

    /** The user of the command running on this thread. */
    @SuppressWarnings("removal")
    static ConsoleUser current(final AccessControl control) {
        return of(Subject.getSubject(AccessController.getContext()), control);
    }

    static ConsoleUser of(final @Nullable Subject subject, final AccessControl control) {
        if (subject == null) {
            return new ConsoleUser(null);
        }
        final String user = subject.getPrincipals(UserPrincipal.class).stream().map(UserPrincipal::getName)
            .findFirst().orElse(null);
        final boolean local = subject.getPrincipals(ClientPrincipal.class).stream()
            .anyMatch(client -> LOCAL.equals(client.getMethod()));
        if (local) {
            return new ConsoleUser(NacmAccess.unrestricted(user != null ? user : "karaf"));
        }
        return new ConsoleUser(user == null ? null : control.access(user, Set.of()));
    }

    /** The user's name ({@code unknown} for a session without a controller user). */
    String name() {
        return access == null ? "unknown" : access.user();
    }

    /** The request context the controller's services see (the user's name, for logs and NACM). */
    RequestContext context() {
        return RequestContext.of(name());
    }

    /**
     * What the user may change in UniConfig nodes' intents, for the commands that compute new
     * intents (template-apply, revert, snapshot-restore): the local console any; a session without
     * a known user nothing (its commands are refused before they run).
     */
    IntentAccess intentAccess() {
        return access == null ? change -> {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.ACCESS_DENIED, unknown());
        } : NacmIntentAccess.of(access);
    }

    /** Why the user may not invoke this RPC, or empty when NACM permits it. */
    Optional<Denial> deniedRpc(final QName rpc) {
        if (access == null) {
            return Optional.of(new Denial(unknown(), "no controller user"));
        }
        final Decision decision = access.exec(ControllerSchema.get(), rpc);
        return decision.permitted() ? Optional.empty() : Optional.of(new Denial("Access denied: user '"
            + access.user() + "' may not invoke " + moduleName(rpc) + ":" + rpc.getLocalName() + " (NACM "
            + decision.decidedBy() + ")", decision.decidedBy()));
    }

    /**
     * A refusal: what the operator reads and what decided it (the NACM rule, for the audit log).
     */
    record Denial(String message, String decidedBy) {
    }

    /**
     * @throws CommandException when NACM does not let the user read this data: Karaf prints its
     *     message and the command ends with a failure status (logged at DEBUG only, an expected
     *     refusal is no error of the controller)
     */
    void checkRead(final YangInstanceIdentifier path, final String what) throws CommandException {
        final Optional<String> denied = deniedRead(path, what);
        if (denied.isPresent()) {
            throw new CommandException(denied.orElseThrow());
        }
    }

    /**
     * The nodes the user may read (each node's entry in its topology), as a RESTCONF read of the
     * topologies would show them to the same user.
     */
    List<MountedNode> readable(final Collection<MountedNode> nodes) {
        return nodes.stream().filter(node -> mayRead(TopologyNodes.path(node))).toList();
    }

    /** Whether NACM lets the user read this data node (its own decision, not its descendants'). */
    boolean mayRead(final YangInstanceIdentifier path) {
        return access != null && access.data(DataPath.of(ControllerSchema.get(), path), NacmOperation.READ)
            .permitted();
    }

    /** Why the user may not read this data, or empty when NACM permits it. */
    Optional<String> deniedRead(final YangInstanceIdentifier path, final String what) {
        if (access == null) {
            return Optional.of(unknown());
        }
        final Decision decision = access.data(DataPath.of(ControllerSchema.get(), path), NacmOperation.READ);
        return decision.permitted() ? Optional.empty() : Optional.of("Access denied: user '" + access.user()
            + "' may not read " + what + " (NACM " + decision.decidedBy() + ")");
    }

    /** Why the user may not make this write, or empty when NACM permits it all. */
    Optional<Denial> deniedWrite(final WriteCheck write, final String what) {
        if (access == null) {
            return Optional.of(new Denial(unknown(), "no controller user"));
        }
        return access.checkWrites(List.of(write)).map(denial -> new Denial("Access denied: user '" + access.user()
            + "' may not " + denial.operation().name().toLowerCase(Locale.ROOT) + " " + what + " (NACM "
            + denial.decision().decidedBy() + ")", denial.decision().decidedBy()));
    }

    private static String unknown() {
        return "Access denied: this console session has no controller user";
    }

    static String moduleName(final QName name) {
        return ControllerSchema.get().findModule(name.getModule()).map(module -> module.getName())
            .orElse(name.getNamespace().toString());
    }
}
