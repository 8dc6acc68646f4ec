package io.sextant.security.secrets;

import static java.util.Objects.requireNonNull;

import io.sextant.datastore.ReadSnapshot;
import io.sextant.datastore.WriteFilter;
import io.sextant.spi.OperationErrorsException;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Seals device secrets on their way into the configuration datastore, so that only envelopes
 * are stored, kept and read back. For each secret leaf ({@link SecretLeaves}) written:
 *
 * <ul>
 *   <li>the envelope stored there now: unchanged (a read, modified and written back);</li>
 *   <li>another envelope: kept as it is when the key ring opens it, else the write is refused
 *       ({@code invalid-value} at the leaf: which key is missing, or that it was altered);</li>
 *   <li>a clear value equal to what the stored envelope holds: the stored envelope (unchanged,
 *       so the device is not remounted);</li>
 *   <li>any other clear value: sealed with the current key and a fresh IV.</li>
 * </ul>
 */
public final class SealingFilter implements WriteFilter {
    private final SecretBox box;

    public SealingFilter(final SecretBox box) {
        this.box = requireNonNull(box);
    }

    @Override
    public NormalizedNode filter(final ReadSnapshot current, final YangInstanceIdentifier path,
            final NormalizedNode data) throws OperationErrorsException {
        return SecretLeaves.rewrite(path, data,
            (leafPath, value) -> seal(stored(current, leafPath).orElse(null), leafPath, value));
    }

    private String seal(final @Nullable String stored, final YangInstanceIdentifier path, final String value)
            throws OperationErrorsException {
        if (SecretBox.isEnvelope(value)) {
            if (value.equals(stored)) {
                return value;
            }
            try {
                box.decrypt(value);
            } catch (SecretException e) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                    "The " + path.getLastPathArgument().getNodeType().getLocalName() + " of node "
                        + SecretLeaves.nodeId(path) + " is a sealed value this controller cannot open: "
                        + e.getMessage() + ". Send the password itself to set it.", path);
            }
            return value;
        }
        if (stored != null && SecretBox.isEnvelope(stored)) {
            try {
                if (box.decrypt(stored).equals(value) && !box.needsReseal(stored)) {
                    return stored;
                }
            } catch (SecretException e) {
                // the stored envelope no longer opens: the new value replaces it
            }
        }
        return box.encrypt(value);
    }

    private static Optional<String> stored(final ReadSnapshot current, final YangInstanceIdentifier path) {
        return current.read(path).filter(LeafNode.class::isInstance).map(leaf -> ((LeafNode<?>) leaf).body())
            .filter(String.class::isInstance).map(String.class::cast);
    }
}
