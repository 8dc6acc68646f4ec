package io.sextant.translation;

import io.sextant.southbound.cli.topology.CliConnection;
import io.sextant.southbound.cli.topology.CliConnections;
import java.util.Optional;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** The connected CLI devices of {@code topology=topology-cli}, each with its translation unit. */
@Component(service = CliDevices.class)
public final class CliDevices {
    private final CliConnections mounts;
    private final TranslationUnitRegistry units;

    @Activate
    public CliDevices(@Reference final CliConnections mounts, @Reference final TranslationUnitRegistry units) {
        this.mounts = mounts;
        this.units = units;
    }

    /** The device behind node {@code nodeId} if it is mounted and connected. */
    public Optional<CliDevice> find(final String nodeId) {
        return mounts.find(nodeId).flatMap(this::device);
    }

    /** The facade of a mounted device (for mount listeners). */
    public Optional<CliDevice> device(final CliConnection mounted) {
        return units.byName(mounted.deviceType().unit())
            .map(unit -> new CliDevice(mounted.nodeId(), units.model(unit), mounted.session()));
    }

    /** The schema of translation unit {@code unitName} (what its devices' configuration is in). */
    public Optional<EffectiveModelContext> unitSchema(final String unitName) {
        try {
            return units.byName(unitName).map(unit -> units.model(unit).schema());
        } catch (IllegalArgumentException e) {
            // the unit's modules do not build: its devices do not connect either
            return Optional.empty();
        }
    }

    public CliConnections mounts() {
        return mounts;
    }
}
