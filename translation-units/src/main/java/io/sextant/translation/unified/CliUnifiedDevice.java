package io.sextant.translation.unified;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.CliDevice;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** A mounted CLI device in the unified layer: OpenConfig through its translation unit. */
public final class CliUnifiedDevice implements UnifiedDevice {
    private final CliDevice device;
    private final NextCliDevice nextDevice;
    private final Duration reconnectWait;

    CliUnifiedDevice(final CliDevice device, final NextCliDevice nextDevice, final Duration reconnectWait) {
        this.device = device;
        this.nextDevice = nextDevice;
        this.reconnectWait = reconnectWait;
    }

    @Override
    public String nodeId() {
        return device.nodeId();
    }

    @Override
    public Protocol protocol() {
        return Protocol.CLI;
    }

    @Override
    public EffectiveModelContext schema() {
        return device.schema();
    }

    @Override
    public String schemaKey() {
        return CliUnifiedDevices.SCHEMA_KEY_PREFIX + device.unit().name();
    }

    @Override
    public CompletionStage<ContainerNode> readConfiguration() {
        return device.readConfiguration();
    }

    /**
     * The exact lines for the change, from a walk of the candidate along the unit's handlers;
     * nothing is sent before {@link DeviceChange#stage()}.
     */
    @Override
    public DeviceChange prepare(final DataTreeCandidate change) throws OperationErrorsException {
        return new CliDeviceChange(device, device.commands(change), nextDevice, reconnectWait);
    }

    @Override
    public CompletionStage<String> show(final String command) {
        return device.session().execute(command);
    }

    public CliDevice device() {
        return device;
    }

    @Override
    public String toString() {
        return "CliUnifiedDevice[" + device + "]";
    }
}
