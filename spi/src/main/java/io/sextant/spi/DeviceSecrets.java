package io.sextant.spi;

/**
 * Opens the device secrets (passwords) of mount requests at the moment a southbound connects.
 * What the configuration datastore holds is a sealed envelope (the security module seals every
 * secret on its way into the store); the clear value exists only while a session is set up.
 */
@FunctionalInterface
public interface DeviceSecrets {
    /** Secrets used as they are stored: for southbound tests that run without the security module. */
    DeviceSecrets AS_STORED = stored -> stored;

    /**
     * @param stored the value of a secret leaf as stored
     * @return the clear secret
     * @throws Unavailable when the value cannot be opened (for example: sealed with a key the
     *     controller no longer has); the message says why and never contains the secret
     */
    String open(String stored) throws Unavailable;

    /** A stored secret that cannot be opened; the node cannot connect until it is given again. */
    final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        public Unavailable(final String message) {
            super(message);
        }
    }
}
