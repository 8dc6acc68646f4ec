package io.sextant.unified;

import io.sextant.datastore.Registration;
import java.util.Collection;
import java.util.Optional;

/** Every connected device, by node id. Southbound adapters add and remove devices. */
public interface UnifiedDevices {

    Optional<UnifiedDevice> device(String nodeId);

    Collection<UnifiedDevice> devices();

    /** Tell {@code listener} of devices that connect and disconnect, starting with those connected now. */
    Registration addListener(Listener listener);

    /** Told of device arrivals and departures. */
    interface Listener {
        void connected(UnifiedDevice device);

        void disconnected(String nodeId);
    }
}
