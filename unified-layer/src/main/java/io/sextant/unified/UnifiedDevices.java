package io.sextant.unified;

import io.sextant.spi.Registration;
import java.util.Collection;
import java.util.Optional;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** Every connected device, by node id. Southbound adapters add and remove devices. */
public interface UnifiedDevices {

    Optional<UnifiedDevice> device(String nodeId);

    Collection<UnifiedDevice> devices();

    /**
     * The schema {@code schemaKey} names ({@link UnifiedDevice#schemaKey()}) when an adapter can
     * build it without a device of it (see {@link KnownSchemas}); empty otherwise.
     */
    Optional<EffectiveModelContext> schema(String schemaKey);

    /**
     * Tell {@code listener} of devices that connect and disconnect, starting with those connected
     * now, and of adapters that can build schemas without devices (at once if some already can).
     */
    Registration addListener(Listener listener);

    /** Told of device arrivals and departures. */
    interface Listener {
        void connected(UnifiedDevice device);

        void disconnected(String nodeId);

        /** An adapter can now build schemas without devices ({@link #schema(String)}). */
        default void schemasKnown() {
            // most listeners only follow devices
        }

        /**
         * Node {@code nodeId}'s device may have had its configuration changed outside the node's
         * intent by its adapter, on a user's behalf (raw CLI with configuration mode allowed).
         */
        default void configurationTouched(final String nodeId) {
            // most listeners only follow devices
        }
    }
}
