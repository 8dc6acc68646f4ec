package io.sextant.console;

import io.sextant.uniconfig.DriftPolicy;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** {@code sextant:drift-policy-delete <name>}: deletes a drift policy (changes it governed are reported again). */
@Service
@Command(scope = "sextant", name = "drift-policy-delete", description = "Deletes a drift policy")
public final class DriftPolicyDeleteCommand extends StoredWriteCommand {
    @Argument(index = 0, name = "name", description = "Policy name", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String name;

    @Override
    YangInstanceIdentifier path() {
        return DriftPolicy.location(name);
    }

    @Override
    @Nullable NormalizedNode data() {
        return null;
    }

    @Override
    String what() {
        return "drift policy " + name;
    }
}
