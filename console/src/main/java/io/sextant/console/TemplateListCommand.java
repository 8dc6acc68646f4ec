package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.uniconfig.TemplateService;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** {@code sextant:template-list}: the stored templates and the variables each uses. */
@Service
@Command(scope = "sextant", name = "template-list", description = "Lists the stored templates with their variables")
public final class TemplateListCommand extends StoredListCommand {
    private static final YangInstanceIdentifier PATH = YangInstanceIdentifier.of(
        QName.create(ControllerSchema.TEMPLATES, "templates"));

    @Override
    YangInstanceIdentifier path() {
        return PATH;
    }

    @Override
    String what() {
        return "the templates (sextant-templates:templates)";
    }

    @Override
    String render(final UniconfigService uniconfig) {
        return render(uniconfig.templates());
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
