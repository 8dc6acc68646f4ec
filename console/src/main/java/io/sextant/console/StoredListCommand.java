package io.sextant.console;

import io.sextant.security.service.AccessControl;
import io.sextant.uniconfig.UniconfigService;
import java.io.PrintStream;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * A command that lists configuration data of the controller's own (templates, drift policies,
 * pre-provisioning entries): refused unless NACM lets the user read it, as a RESTCONF read would.
 */
abstract class StoredListCommand implements Action {
    @Reference
    ConsoleServices services;

    @Reference
    Session session;

    /** The data listed, for the NACM read check. */
    abstract YangInstanceIdentifier path();

    /** What is listed, in the refusal's words ("the templates (sextant-templates:templates)"). */
    abstract String what();

    /** The listing. */
    abstract String render(UniconfigService uniconfig);

    @Override
    public final @Nullable Object execute() throws CommandException {
        final PrintStream out = session.getConsole();
        final UniconfigService uniconfig = services.uniconfig();
        final AccessControl control = services.control();
        if (uniconfig == null || control == null) {
            return Starting.report(out, services);
        }
        ConsoleUser.current(control).checkRead(path(), what());
        out.print(render(uniconfig));
        out.flush();
        return null;
    }
}
