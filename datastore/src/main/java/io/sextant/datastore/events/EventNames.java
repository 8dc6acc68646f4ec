package io.sextant.datastore.events;

import io.sextant.model.ControllerSchema;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;

/** The names of module {@code sextant-events}: the notifications of the controller's own streams. */
public final class EventNames {
    public static final QNameModule MODULE = QNameModule.of(XMLNamespace.of("urn:sextant:events"),
        Revision.of("2026-11-25"));
    public static final QName COMMIT_FINISHED = QName.create(MODULE, "commit-finished");
    public static final QName COMMIT_ID = QName.create(MODULE, "commit-id");
    public static final QName USER = QName.create(MODULE, "user");
    public static final QName OPERATION = QName.create(MODULE, "operation");
    public static final QName OUTCOME = QName.create(MODULE, "outcome");
    public static final QName MESSAGE = QName.create(MODULE, "message");
    public static final QName NODE = QName.create(MODULE, "node");
    public static final QName STATUS = QName.create(MODULE, "status");
    public static final QName ERROR_TYPE = QName.create(MODULE, "error-type");
    public static final QName ERROR_MESSAGE = QName.create(MODULE, "error-message");
    public static final QName NODE_STATUS_CHANGED = QName.create(MODULE, "node-status-changed");
    public static final QName NODE_ID = QName.create(MODULE, "node-id");
    public static final QName TOPOLOGY_ID = QName.create(MODULE, "topology-id");
    public static final QName PREVIOUS_STATUS = QName.create(MODULE, "previous-status");

    static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    static final QName TOPOLOGY_KEY = QName.create(NETWORK_TOPOLOGY, "topology-id");
    static final QName TOPOLOGY_NODE = QName.create(NETWORK_TOPOLOGY, "node");
    static final QName TOPOLOGY_NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");
    static final QName NETCONF_STATUS = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "connection-status");
    static final QName CLI_STATUS = QName.create(ControllerSchema.CLI_TOPOLOGY, "connection-status");
    static final QName UNICONFIG_STATUS = QName.create(ControllerSchema.UNICONFIG_TOPOLOGY, "node-status");

    private EventNames() {
    }
}
