package io.sextant.restconf.nacm;

import static java.util.Objects.requireNonNull;

import io.sextant.spi.DataService;
import io.sextant.spi.RpcService;
import io.sextant.restconf.server.AccessGuard;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.service.AccessControl;
import java.util.function.Function;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * NACM (RFC 8341) for RESTCONF: every read is pruned to what the user may read, every write is
 * checked whole before anything is applied, every RPC needs exec access, every action exec
 * access to it and read access to its data node. The rules are those stored when the request
 * arrives ({@link AccessControl#access}).
 */
public final class NacmGuard implements AccessGuard {
    private final AccessControl control;

    public NacmGuard(final AccessControl control) {
        this.control = requireNonNull(control);
    }

    @Override
    public DataService data(final DataService data, final Function<YangInstanceIdentifier, DataPath> locate) {
        return new NacmDataService(data, locate, control);
    }

    @Override
    public RpcService rpcs(final RpcService rpcs, final EffectiveModelContext schema,
            final Function<YangInstanceIdentifier, DataPath> locate) {
        return new NacmRpcService(rpcs, schema, locate, control);
    }
}
