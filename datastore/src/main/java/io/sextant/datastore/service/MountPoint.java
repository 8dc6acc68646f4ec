package io.sextant.datastore.service;

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
}
