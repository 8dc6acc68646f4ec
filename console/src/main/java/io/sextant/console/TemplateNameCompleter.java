package io.sextant.console;

import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;

/** Completes the names of the stored templates. */
@Service
public final class TemplateNameCompleter implements Completer {
    @Reference
    ConsoleServices services;

    @Override
    public int complete(final Session session, final CommandLine commandLine, final List<String> candidates) {
        final UniconfigService uniconfig = services.uniconfig();
        if (uniconfig == null) {
            return -1;
        }
        return new StringsCompleter(uniconfig.templates().templateNames()).complete(session, commandLine, candidates);
    }
}
