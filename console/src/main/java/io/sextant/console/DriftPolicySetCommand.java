package io.sextant.console;

import io.sextant.uniconfig.DriftPolicy;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * {@code sextant:drift-policy-set <name> <ignore|report|restore> <api-path> [-n node]...}: stores
 * (or replaces) a drift policy, as a PUT of {@code sextant-drift:drift-policies/policy=<name>}.
 */
@Service
@Command(scope = "sextant", name = "drift-policy-set",
    description = "Stores a drift policy: what a drift check does (ignore, report, restore) with changes at a path")
public final class DriftPolicySetCommand extends StoredWriteCommand {
    @Argument(index = 0, name = "name", description = "Policy name", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String name;

    @Argument(index = 1, name = "action", description = "ignore, report or restore", required = true)
    @Completion(value = StringsCompleter.class, values = { "ignore", "report", "restore" })
    @SuppressWarnings("NullAway.Init") // a required argument
    String action;

    @Argument(index = 2, name = "path", required = true, description = "RFC 8040 api-path below a node's "
        + "configuration, beginning with module:name; a list step without keys stands for every entry")
    @SuppressWarnings("NullAway.Init") // a required argument
    String path;

    @Option(name = "-n", aliases = "--node", multiValued = true,
        description = "A UniConfig node the policy applies to (none: every node)")
    @Completion(UniconfigNodeCompleter.class)
    @Nullable List<String> nodes;

    @Override
    YangInstanceIdentifier path() {
        return DriftPolicy.location(name);
    }

    @Override
    NormalizedNode data() throws CommandException {
        final DriftPolicy.Action parsed;
        try {
            parsed = DriftPolicy.Action.valueOf(action.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandException("The action is ignore, report or restore, not '" + action + "'", e);
        }
        return new DriftPolicy(name, path, parsed, nodes == null ? Set.of() : Set.copyOf(nodes)).data();
    }

    @Override
    String what() {
        return "drift policy " + name;
    }
}
