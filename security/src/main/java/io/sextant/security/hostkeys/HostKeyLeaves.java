package io.sextant.security.hostkeys;

import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;

/**
 * The host-key leaves of a mount request ({@code sextant-host-keys:host-key-parameters}, used in
 * netconf-node-topology and cli-topology, so in their namespaces): {@code host-key-verification}
 * and {@code host-key}.
 */
public final class HostKeyLeaves {
    private HostKeyLeaves() {
    }

    /** A problem with the host-key leaves, and the leaf it is about. */
    public static final class InvalidHostKeyException extends Exception {
        private static final long serialVersionUID = 1L;

        private final transient QName leaf;

        InvalidHostKeyException(final QName leaf, final String message) {
            super(message);
            this.leaf = leaf;
        }

        public QName leaf() {
            return leaf;
        }
    }

    public static QName verification(final QNameModule module) {
        return QName.create(module, "host-key-verification").intern();
    }

    public static QName keys(final QNameModule module) {
        return QName.create(module, "host-key").intern();
    }

    /**
     * The node's policy: trust on first use unless the leaves say otherwise.
     *
     * @param module the namespace the leaves are in (the topology's module)
     * @throws InvalidHostKeyException when strict names no key, or a key is neither an OpenSSH
     *     public key nor a SHA256 fingerprint
     */
    public static HostKeyPolicy policy(final DataContainerNode node, final QNameModule module)
            throws InvalidHostKeyException {
        final QName keys = keys(module);
        final HostKeyPolicy.Mode mode = node.childByArg(new NodeIdentifier(verification(module)))
            instanceof LeafNode<?> leaf ? HostKeyPolicy.Mode.ofYangName(leaf.body().toString())
            : HostKeyPolicy.Mode.TRUST_ON_FIRST_USE;
        final List<String> given = new ArrayList<>();
        if (node.childByArg(new NodeIdentifier(keys)) instanceof LeafSetNode<?> set) {
            for (LeafSetEntryNode<?> entry : set.body()) {
                given.add(entry.body().toString());
            }
        }
        switch (mode) {
            case STRICT -> {
                if (given.isEmpty()) {
                    throw new InvalidHostKeyException(keys, "host-key-verification strict needs at least one "
                        + "host-key (the device's public key as ssh-keyscan prints it, or its SHA256 fingerprint)");
                }
                try {
                    return HostKeyPolicy.strict(given);
                } catch (IllegalArgumentException e) {
                    throw new InvalidHostKeyException(keys, "host-key: " + e.getMessage());
                }
            }
            case NONE -> {
                return HostKeyPolicy.NONE;
            }
            default -> {
                return HostKeyPolicy.TRUST_ON_FIRST_USE;
            }
        }
    }
}
