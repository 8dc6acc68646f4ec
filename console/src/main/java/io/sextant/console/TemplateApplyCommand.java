package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.TemplateService;
import io.sextant.uniconfig.UniconfigService;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * {@code sextant:template-apply <template> <node>... [-s name=value | -s node:name=value]...}:
 * the template into the nodes' intent (a commit then sends it), all nodes or none.
 */
@Service
@Command(scope = "sextant", name = "template-apply",
    description = "Applies a stored template to the nodes' intended configuration, all nodes or none")
public final class TemplateApplyCommand extends UniconfigCommand {
    @Argument(index = 0, name = "template", description = "Template name", required = true)
    @Completion(TemplateNameCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String template;

    @Argument(index = 1, name = "nodes", description = "Node ids", required = true, multiValued = true)
    @Completion(UniconfigNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument
    List<String> nodes;

    @Option(name = "-s", aliases = "--set", multiValued = true,
        description = "A variable's value: name=value for every node, node:name=value for one node")
    @Nullable List<String> values;

    @Override
    QName rpc() {
        return QName.create(ControllerSchema.TEMPLATES, "apply-template");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        final List<TemplateService.Target> targets;
        try {
            targets = targets(nodes, orEmpty(values));
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        return uniconfig.templates().applyTemplate(template, targets, user.context(), user.intentAccess());
    }

    /** Each node with the values for every node, then its own. */
    static List<TemplateService.Target> targets(final List<String> nodeIds, final List<String> settings) {
        final Map<String, String> common = new HashMap<>();
        final Map<String, Map<String, String>> own = new HashMap<>();
        for (String setting : settings) {
            final int eq = setting.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("-s takes name=value or node:name=value, not '" + setting + "'");
            }
            final String key = setting.substring(0, eq);
            final int colon = key.indexOf(':');
            if (colon > 0 && nodeIds.contains(key.substring(0, colon))) {
                own.computeIfAbsent(key.substring(0, colon), n -> new HashMap<>()).put(key.substring(colon + 1),
                    setting.substring(eq + 1));
            } else {
                common.put(key, setting.substring(eq + 1));
            }
        }
        return nodeIds.stream().map(id -> {
            final Map<String, String> values = new HashMap<>(common);
            values.putAll(own.getOrDefault(id, Map.of()));
            return new TemplateService.Target(id, values);
        }).toList();
    }
}
