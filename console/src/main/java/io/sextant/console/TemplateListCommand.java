package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.security.service.AccessControl;
import io.sextant.uniconfig.TemplateService;
import io.sextant.uniconfig.UniconfigService;
import java.io.PrintStream;
import java.util.List;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** {@code sextant:template-list}: the stored templates and the variables each uses. */
@Service
@Command(scope = "sextant", name = "template-list", description = "Lists the stored templates with their variables")
public final class TemplateListCommand implements Action {
    private static final YangInstanceIdentifier PATH = YangInstanceIdentifier.of(
        QName.create(ControllerSchema.TEMPLATES, "templates"));

    @Reference
    ConsoleServices services;

    @Reference
    Session session;

    @Override
    public @Nullable Object execute() throws CommandException {
        final PrintStream out = session.getConsole();
        final UniconfigService uniconfig = services.uniconfig();
        final AccessControl control = services.control();
        if (uniconfig == null || control == null) {
            return Starting.report(out, services);
        }
        ConsoleUser.current(control).checkRead(PATH, "the templates (sextant-templates:templates)");
        out.print(render(uniconfig.templates()));
        out.flush();
        return null;
    }

    static String render(final TemplateService templates) {
        final List<String> names = templates.templateNames();
        if (names.isEmpty()) {
            return "No templates (store them at /rests/data/sextant-templates:templates)\n";
        }
        final StringBuilder sb = new StringBuilder();
        for (String name : names) {
            final List<String> variables = templates.variables(name);
            sb.append(name).append(variables.isEmpty() ? "  (no variables)" : "  variables: "
                + String.join(", ", variables)).append('\n');
        }
        return sb.toString();
    }
}
