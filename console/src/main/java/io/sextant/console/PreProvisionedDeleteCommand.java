package io.sextant.console;

import io.sextant.uniconfig.PreProvisionedNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** {@code sextant:pre-provisioned-delete <node>}: deletes a node's pre-provisioning entry before it is applied. */
@Service
@Command(scope = "sextant", name = "pre-provisioned-delete",
    description = "Deletes a node's pre-provisioning entry (nothing is applied to the node)")
public final class PreProvisionedDeleteCommand extends StoredWriteCommand {
    @Argument(index = 0, name = "node", description = "Node id", required = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String node;

    @Override
    YangInstanceIdentifier path() {
        return PreProvisionedNode.location(node);
    }

    @Override
    @Nullable NormalizedNode data() {
        return null;
    }

    @Override
    String what() {
        return "pre-provisioning entry of node " + node;
    }
}
