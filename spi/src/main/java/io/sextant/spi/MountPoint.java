package io.sextant.spi;

import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Data that lives under one node of the controller's tree but follows its own schema: a
 * NETCONF device ({@code .../node=X/yang-ext:mount}) or a UniConfig node's configuration
 * ({@code .../node=X/uniconfig-topology:configuration}). It carries its schema and services.
 */
public interface MountPoint {

    /** The schema of the data below the mount point. */
    EffectiveModelContext schema();

    DataService data();

    RpcService rpcs();

    /** A mount point made of its three parts. */
    static MountPoint of(final EffectiveModelContext schema, final DataService data, final RpcService rpcs) {
        record Simple(EffectiveModelContext schema, DataService data, RpcService rpcs) implements MountPoint {
        }
        return new Simple(schema, data, rpcs);
    }
}
