package io.sextant.console;

import io.sextant.spi.ControllerInfo;
import io.sextant.security.service.AccessControl;
import java.io.PrintStream;
import java.time.Instant;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;

/**
 * {@code sextant:status}: uptime, datastore sizes, mounted devices and where state is kept; while
 * the controller waits for its database, what it waits for.
 */
@Service
@Command(scope = "sextant", name = "status",
    description = "Shows uptime, datastore sizes, mounted devices and where state is kept")
public final class StatusCommand implements Action {
    @Reference
    ConsoleServices services;

    @Reference
    Session session;

    @Override
    public @Nullable Object execute() throws CommandException {
        final PrintStream out = session.getConsole();
        final ControllerInfo info = services.info();
        final AccessControl control = services.control();
        if (control != null) {
            // while the controller starts, only the bootstrap admin can log in, and may see why it waits
            ConsoleUser.current(control).checkRead(ConsoleUser.STATUS, "the controller's status (sextant:status)");
        }
        out.print(info == null ? StatusReport.starting(services.state())
            : StatusReport.render(info, services.state(), Instant.now()));
        out.flush();
        return null;
    }
}
