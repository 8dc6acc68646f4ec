package io.sextant.security.hostkeys;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * How a node's SSH host key is checked.
 *
 * @param mode the checking mode
 * @param expected for {@link Mode#STRICT}: the fingerprints ({@code SHA256:...}) of the keys the
 *     mount request gives; empty otherwise
 */
public record HostKeyPolicy(Mode mode, Set<String> expected) {
    /** The modes a mount request names ({@code host-key-verification}). */
    public enum Mode {
        /** Only a key given in the mount request. */
        STRICT,
        /** The first key seen is stored; a different one later is refused (the default). */
        TRUST_ON_FIRST_USE,
        /** Any key (tests and labs only). */
        NONE;

        public String yangName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Mode ofYangName(final String name) {
            for (Mode mode : values()) {
                if (mode.yangName().equals(name)) {
                    return mode;
                }
            }
            throw new IllegalArgumentException("\"" + name + "\" is not a host key verification mode (strict, "
                + "trust-on-first-use or none)");
        }
    }

    public static final HostKeyPolicy TRUST_ON_FIRST_USE = new HostKeyPolicy(Mode.TRUST_ON_FIRST_USE, Set.of());
    public static final HostKeyPolicy NONE = new HostKeyPolicy(Mode.NONE, Set.of());

    public HostKeyPolicy {
        requireNonNull(mode);
        expected = Set.copyOf(expected);
        if (mode == Mode.STRICT && expected.isEmpty()) {
            throw new IllegalArgumentException("Host key verification \"strict\" needs at least one host key");
        }
    }

    /**
     * Strict checking against the given keys: OpenSSH public key lines or {@code SHA256:}
     * fingerprints.
     *
     * @throws IllegalArgumentException when one of them is neither
     */
    public static HostKeyPolicy strict(final Collection<String> keysOrFingerprints) {
        final Set<String> fingerprints = new LinkedHashSet<>();
        for (String key : keysOrFingerprints) {
            fingerprints.add(OpenSshKeys.fingerprintOf(key));
        }
        return new HostKeyPolicy(Mode.STRICT, fingerprints);
    }
}
