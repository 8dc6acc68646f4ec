package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.security.service.AccessControl;
import io.sextant.uniconfig.DriftPolicy;
import io.sextant.uniconfig.UniconfigService;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** {@code sextant:drift-policy-list}: the stored drift policies, what each does and where. */
@Service
@Command(scope = "sextant", name = "drift-policy-list",
    description = "Lists the drift policies: what a drift check does (ignore, report, restore) with changes at each path")
public final class DriftPolicyListCommand implements Action {
    private static final YangInstanceIdentifier PATH = YangInstanceIdentifier.of(
        QName.create(ControllerSchema.DRIFT, "drift-policies"));

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
        ConsoleUser.current(control).checkRead(PATH, "the drift policies (sextant-drift:drift-policies)");
        out.print(render(uniconfig.driftPolicies()));
        out.flush();
        return null;
    }

    static String render(final List<DriftPolicy> policies) {
        if (policies.isEmpty()) {
            return "No drift policies: every change a drift check finds is reported (store policies at "
                + "/rests/data/sextant-drift:drift-policies)\n";
        }
        final StringBuilder sb = new StringBuilder();
        for (DriftPolicy policy : policies) {
            sb.append(policy.name()).append("  ").append(policy.action().name().toLowerCase(Locale.ROOT))
                .append("  ").append(policy.path()).append("  ")
                .append(policy.nodes().isEmpty() ? "(every node)" : "nodes: " + String.join(", ",
                    policy.nodes().stream().sorted().toList())).append('\n');
        }
        return sb.toString();
    }
}
