package io.sextant.console;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.DataStore;
import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.model.ControllerSchema;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditEvent.Outcome;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.WriteCheck;
import io.sextant.security.service.AccessControl;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * A command that stores or deletes one entry of the controller's own configuration data (a drift
 * policy, a pre-provisioning entry), as a RESTCONF PUT or DELETE of it would: refused unless NACM
 * lets the user make that write, checked by the same validators, kept like any configuration
 * change, audited with the entry's path.
 */
abstract class StoredWriteCommand implements Action {
    /** The source of console commands in the audit log. */
    private static final String SOURCE = "console";

    @Reference
    ConsoleServices services;

    @Reference
    Session session;

    /** Where the entry is stored. */
    abstract YangInstanceIdentifier path();

    /** The entry to store; null: delete the one stored. */
    abstract @Nullable NormalizedNode data() throws CommandException;

    /** The entry, in the refusal's and the report's words ("drift policy descriptions"). */
    abstract String what();

    @Override
    public final @Nullable Object execute() throws CommandException {
        final PrintStream out = session.getConsole();
        final ControllerStores stores = services.datastores();
        final AccessControl control = services.control();
        if (stores == null || control == null) {
            return Starting.report(out, services);
        }
        final ConsoleUser user = ConsoleUser.current(control);
        final AuditLog audit = services.audit();
        final NormalizedNode data = data();
        final DataStore config = stores.config();
        final YangInstanceIdentifier path = path();
        final String apiPath = "/" + InstanceIdentifiers.toApiPath(path, ControllerSchema.get());
        final Optional<NormalizedNode> existing = config.snapshot().read(path);
        if (data == null && existing.isEmpty()) {
            throw new CommandException("No " + what() + " is stored: nothing was deleted");
        }
        final DataPath checked = DataPath.of(ControllerSchema.get(), path);
        final Optional<ConsoleUser.Denial> denied = user.deniedWrite(data == null
            ? WriteCheck.delete(checked, existing.orElseThrow())
            : WriteCheck.replace(checked, data, existing.orElse(null)), what());
        final String method = data == null ? "DELETE" : "PUT";
        if (denied.isPresent()) {
            audit.record(AuditEvent.denied(user.name(), SOURCE, null, method.toLowerCase(Locale.ROOT),
                apiPath, denied.orElseThrow().decidedBy()));
            throw new CommandException(denied.orElseThrow().message());
        }
        try {
            config.update(tx -> {
                if (data == null) {
                    tx.remove(path);
                } else {
                    tx.put(path, data);
                }
            });
        } catch (OperationErrorsException e) {
            final String why = e.errors().stream().map(OperationError::message).collect(Collectors.joining("; "));
            audit.record(AuditEvent.write(user.name(), SOURCE, null, method, List.of(apiPath), Outcome.FAILURE,
                "Console command: " + why));
            throw new CommandException("Not " + (data == null ? "deleted" : "stored") + ": " + why);
        }
        audit.record(AuditEvent.write(user.name(), SOURCE, null, method, List.of(apiPath), Outcome.SUCCESS,
            "Console command"));
        out.println((data == null ? "Deleted " : existing.isPresent() ? "Replaced " : "Stored ") + what());
        out.flush();
        return null;
    }
}
