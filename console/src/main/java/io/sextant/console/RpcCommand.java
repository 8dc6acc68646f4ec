package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditEvent.Outcome;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.service.AccessControl;
import io.sextant.uniconfig.UniconfigService;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * Base of the commands that stand for an RPC: check that NACM lets the console's user invoke the
 * RPC, run the operation as that user, wait for it, print its report. Each run and each refusal
 * is audited.
 */
abstract class RpcCommand implements Action {
    /** How long a command waits for devices before giving up on the answer (the operation goes on). */
    private static final long TIMEOUT_MINUTES = 10;
    /** The source of console commands in the audit log. */
    private static final String SOURCE = "console";

    @Reference
    ConsoleServices services;

    @Reference
    Session session;

    /** What a command printed, and what the audit log says of it. */
    record Report(boolean ok, List<String> nodes, String text) {
    }

    /** Run the operation as {@code user}; what to print of it. */
    abstract CompletionStage<Report> perform(UniconfigService service, ConsoleUser user);

    /** The RPC this command stands for: NACM's exec rules for it decide who may run the command. */
    abstract QName rpc();

    static QName uniconfigManager(final String rpc) {
        return QName.create(ControllerSchema.UNICONFIG_MANAGER, rpc);
    }

    static QName history(final String rpc) {
        return QName.create(ControllerSchema.HISTORY, rpc);
    }

    static QName gate(final String rpc) {
        return QName.create(ControllerSchema.GATE, rpc);
    }

    static QName snapshotManager(final String rpc) {
        return QName.create(ControllerSchema.SNAPSHOT_MANAGER, rpc);
    }

    @Override
    public final @Nullable Object execute() throws InterruptedException, CommandException {
        final PrintStream out = session.getConsole();
        final UniconfigService uniconfig = services.uniconfig();
        final AccessControl control = services.control();
        if (uniconfig == null || control == null) {
            return Starting.report(out, services);
        }
        final ConsoleUser user = ConsoleUser.current(control);
        final String rpcName = ConsoleUser.moduleName(rpc()) + ":" + rpc().getLocalName();
        final AuditLog auditLog = services.audit();
        final Optional<ConsoleUser.Denial> denied = user.deniedRpc(rpc());
        if (denied.isPresent()) {
            auditLog.record(AuditEvent.denied(user.name(), SOURCE, null, "exec", rpcName,
                denied.orElseThrow().decidedBy()));
            throw new CommandException(denied.orElseThrow().message());
        }
        try {
            final Report report = perform(uniconfig, user)
                .toCompletableFuture().get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            auditLog.record(AuditEvent.rpc(user.name(), SOURCE, null, rpcName, report.ok() ? Outcome.SUCCESS
                : Outcome.FAILURE, "Console command").with("nodes", report.nodes()));
            out.print(report.text());
        } catch (ExecutionException e) {
            final String message = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            auditLog.record(AuditEvent.rpc(user.name(), SOURCE, null, rpcName, Outcome.FAILURE, message));
            out.println("Failed: " + message);
        } catch (TimeoutException e) {
            auditLog.record(AuditEvent.rpc(user.name(), SOURCE, null, rpcName, Outcome.FAILURE,
                "No answer within " + TIMEOUT_MINUTES + " minutes"));
            out.println("No answer within " + TIMEOUT_MINUTES + " minutes; the operation continues in the background");
        }
        out.flush();
        return null;
    }

}
