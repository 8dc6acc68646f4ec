package io.sextant.controller;

import io.sextant.datastore.Datastores;
import io.sextant.datastore.service.ControllerInfo;
import io.sextant.datastore.service.MountedNodes;
import java.time.Instant;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** The controller's status: uptime, datastore sizes and mounted devices of every southbound. */
@Component(service = ControllerInfo.class)
public final class StatusService implements ControllerInfo {
    private final Instant startedAt = Instant.now();
    private final Datastores datastores;
    private final List<MountedNodes> southbounds;

    @Activate
    public StatusService(@Reference final Datastores datastores,
            @Reference(cardinality = ReferenceCardinality.MULTIPLE, policyOption = ReferencePolicyOption.GREEDY)
            final List<MountedNodes> southbounds) {
        this.datastores = datastores;
        this.southbounds = List.copyOf(southbounds);
    }

    @Override
    public Instant startedAt() {
        return startedAt;
    }

    @Override
    public long configDatastoreNodes() {
        return datastores.config().size();
    }

    @Override
    public long operationalDatastoreNodes() {
        return datastores.operational().size();
    }

    @Override
    public int mountedNodes() {
        return southbounds.stream().mapToInt(MountedNodes::mountedNodes).sum();
    }

    @Override
    public int connectedNodes() {
        return southbounds.stream().mapToInt(MountedNodes::connectedNodes).sum();
    }

    @Override
    public String version() {
        final String version = StatusService.class.getPackage().getImplementationVersion();
        return version != null ? version : "0.1.0-SNAPSHOT";
    }
}
