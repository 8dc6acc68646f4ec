package io.sextant.restconf.server;

import io.sextant.spi.DataService;
import io.sextant.spi.RpcService;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * A resolved data resource.
 *
 * @param codecs schema and codecs of the data the path ends in (a mount point's, past one)
 * @param data the service holding that data
 * @param rpcs the RPCs of that schema's owner
 * @param path the path within {@code data}; empty for a datastore or mount-point root
 * @param context the schema node of the target
 * @param stack inference stack positioned at the target (empty at a root)
 * @param rootWrapper for a root target, the name of the element that wraps the root's children
 *     ({@code ietf-restconf:data}, or the mount container such as {@code uniconfig-topology:configuration});
 *     null for any other target
 * @param absolutePath the path from the controller's root to the mount point, or to the
 *     target when there is no mount point (for error reporting)
 */
record Target(SchemaCodecs codecs, DataService data, RpcService rpcs, YangInstanceIdentifier path,
        DataSchemaContext context, SchemaInferenceStack stack, @Nullable Wrapper rootWrapper) {

    /** The element wrapping the children of a root: its name and the module name that qualifies it in JSON. */
    record Wrapper(QName name, String module) {
    }

    boolean isRoot() {
        return rootWrapper != null;
    }

    /** A copy of the stack, positioned at the data-tree parent of the target. */
    SchemaInferenceStack parentStack() {
        final SchemaInferenceStack copy = stack.copy();
        if (!copy.isEmpty()) {
            copy.exitToDataTree();
        }
        return copy;
    }
}
