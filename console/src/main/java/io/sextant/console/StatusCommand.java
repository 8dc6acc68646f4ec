package io.sextant.console;

import io.sextant.datastore.service.ControllerInfo;
import java.io.PrintStream;
import java.time.Instant;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;

/** {@code sextant:status}: uptime, datastore sizes and mounted devices. */
@Service
@Command(scope = "sextant", name = "status", description = "Shows uptime, datastore sizes and mounted devices")
public final class StatusCommand implements Action {
    @Reference
    ControllerInfo info;

    @Reference
    Session session;

    @Override
    public Object execute() {
        final PrintStream out = session.getConsole();
        out.print(StatusReport.render(info, Instant.now()));
        out.flush();
        return null;
    }
}
