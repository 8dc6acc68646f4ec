package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.uniconfig.PreProvisionedNode;
import io.sextant.uniconfig.UniconfigService;
import java.util.List;
import java.util.TreeMap;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** {@code sextant:pre-provisioned-list}: the pre-provisioning entries waiting for their devices, and why one failed. */
@Service
@Command(scope = "sextant", name = "pre-provisioned-list",
    description = "Lists the pre-provisioning entries waiting to be applied when their devices connect")
public final class PreProvisionedListCommand extends StoredListCommand {
    private static final YangInstanceIdentifier PATH = YangInstanceIdentifier.of(
        QName.create(ControllerSchema.PRE_PROVISIONING, "pre-provisioned"));

    @Override
    YangInstanceIdentifier path() {
        return PATH;
    }

    @Override
    String what() {
        return "the pre-provisioning entries (sextant-pre-provisioning:pre-provisioned)";
    }

    @Override
    String render(final UniconfigService uniconfig) {
        return render(uniconfig.preProvisioned());
    }

    static String render(final List<PreProvisionedNode> entries) {
        if (entries.isEmpty()) {
            return "No pre-provisioning entries waiting (store them at "
                + "/rests/data/sextant-pre-provisioning:pre-provisioned)\n";
        }
        final StringBuilder sb = new StringBuilder();
        for (PreProvisionedNode entry : entries) {
            sb.append(entry.nodeId()).append("  template ").append(entry.template())
                .append(entry.commit() ? "  then commit" : "  (not committed)");
            new TreeMap<>(entry.values()).forEach((name, value) -> sb.append("  ").append(name).append('=')
                .append(value));
            sb.append('\n');
            final String failure = entry.failure();
            if (failure != null) {
                sb.append("    last attempt failed at ").append(failure).append('\n');
            }
        }
        return sb.toString();
    }
}
