package io.sextant.restconf.server;

import io.sextant.spi.DataService;
import io.sextant.spi.RpcService;
import io.sextant.security.nacm.DataPath;
import java.util.function.Function;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * What the server puts between a request and the services that own the data: the view of the
 * controller's data, of each mount point's and of their RPCs that the requesting user is
 * allowed (NACM). The path resolver asks for the view of each service it reaches.
 */
public interface AccessGuard {
    /** No guard: every request sees and may change everything. */
    AccessGuard NONE = new AccessGuard() {
        @Override
        public DataService data(final DataService data, final Function<YangInstanceIdentifier, DataPath> locate) {
            return data;
        }

        @Override
        public RpcService rpcs(final RpcService rpcs, final EffectiveModelContext schema,
                final Function<YangInstanceIdentifier, DataPath> locate) {
            return rpcs;
        }
    };

    /**
     * The guarded view of {@code data}.
     *
     * @param locate where a path of {@code data} is in the whole tree (crossing mount points)
     */
    DataService data(DataService data, Function<YangInstanceIdentifier, DataPath> locate);

    /**
     * The guarded view of the RPCs and actions of {@code schema}'s owner.
     *
     * @param locate where a path of the owner's data (an action's) is in the whole tree
     */
    RpcService rpcs(RpcService rpcs, EffectiveModelContext schema, Function<YangInstanceIdentifier, DataPath> locate);
}
