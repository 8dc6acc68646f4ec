package io.sextant.console;

import io.sextant.uniconfig.PreProvisionedNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * {@code sextant:pre-provision <node> <template> [-s name=value]... [--commit]}: stores (or
 * replaces) the node's pre-provisioning entry, as a PUT of
 * {@code sextant-pre-provisioning:pre-provisioned/node=<node>}: the template is applied to the
 * node's intent when its device connects (at once when it is connected), and committed if asked.
 */
@Service
@Command(scope = "sextant", name = "pre-provision",
    description = "Stores a node's pre-provisioning entry: a template applied when its device connects")
public final class PreProvisionCommand extends StoredWriteCommand {
    @Argument(index = 0, name = "node", description = "Node id (mounted or not yet)", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String node;

    @Argument(index = 1, name = "template", description = "Template name", required = true)
    @Completion(TemplateNameCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument
    String template;

    @Option(name = "-s", aliases = "--set", multiValued = true, description = "A variable's value: name=value")
    @Nullable List<String> values;

    @Option(name = "--commit", description = "Commit the node's intent once the template is applied")
    boolean commit;

    @Override
    YangInstanceIdentifier path() {
        return PreProvisionedNode.location(node);
    }

    @Override
    NormalizedNode data() throws CommandException {
        final Map<String, String> variables = new HashMap<>();
        for (String setting : values == null ? List.<String>of() : values) {
            final int eq = setting.indexOf('=');
            if (eq <= 0) {
                throw new CommandException("-s takes name=value, not '" + setting + "'");
            }
            variables.put(setting.substring(0, eq), setting.substring(eq + 1));
        }
        return new PreProvisionedNode(node, template, variables, commit, null).data();
    }

    @Override
    String what() {
        return "pre-provisioning entry of node " + node;
    }
}
