package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.uniconfig.DriftPolicy;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.Locale;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** {@code sextant:drift-policy-list}: the stored drift policies, what each does and where. */
@Service
@Command(scope = "sextant", name = "drift-policy-list",
    description = "Lists the drift policies: what a drift check does (ignore, report, restore) with changes at each path")
public final class DriftPolicyListCommand extends StoredListCommand {
    private static final YangInstanceIdentifier PATH = YangInstanceIdentifier.of(
        QName.create(ControllerSchema.DRIFT, "drift-policies"));

    @Override
    YangInstanceIdentifier path() {
        return PATH;
    }

    @Override
    String what() {
        return "the drift policies (sextant-drift:drift-policies)";
    }

    @Override
    String render(final UniconfigService uniconfig) {
        return render(uniconfig.driftPolicies());
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
