package io.sextant.persistence.codec;

import static java.util.Objects.requireNonNull;

import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One change to a tree: the subtree at {@code path} becomes {@code data} (put), or goes away
 * (delete). A journal is a list of these, applied in order by {@link TreeEdits}.
 */
public record ConfigChange(Operation operation, YangInstanceIdentifier path, @Nullable NormalizedNode dataOrNull) {
    public enum Operation {
        PUT, DELETE
    }

    public ConfigChange {
        requireNonNull(operation);
        requireNonNull(path);
        if (operation == Operation.PUT) {
            requireNonNull(dataOrNull, "a put needs data");
            if (!path.isEmpty() && !path.getLastPathArgument().equals(dataOrNull.name())) {
                throw new IllegalArgumentException("data " + dataOrNull.name() + " does not match path " + path);
            }
        } else if (dataOrNull != null) {
            throw new IllegalArgumentException("a delete has no data");
        }
    }

    public static ConfigChange put(final YangInstanceIdentifier path, final NormalizedNode data) {
        return new ConfigChange(Operation.PUT, path, data);
    }

    public static ConfigChange delete(final YangInstanceIdentifier path) {
        return new ConfigChange(Operation.DELETE, path, null);
    }

    public NormalizedNode data() {
        if (dataOrNull == null) {
            throw new IllegalStateException("a delete has no data");
        }
        return dataOrNull;
    }
}
