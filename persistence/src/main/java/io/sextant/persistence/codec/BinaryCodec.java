package io.sextant.persistence.codec;

import com.google.common.io.ByteArrayDataOutput;
import com.google.common.io.ByteStreams;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.codec.binfmt.NormalizedNodeDataInput;
import org.opendaylight.yangtools.yang.data.codec.binfmt.NormalizedNodeDataOutput;
import org.opendaylight.yangtools.yang.data.codec.binfmt.NormalizedNodeStreamVersion;

/**
 * YANG data in yangtools' binary format (yang-data-codec-binfmt, the format OpenDaylight's
 * clustered datastore persists and replicates): every value is one self-contained stream that
 * names its version, so data written today stays readable by later yangtools releases. The format
 * needs no schema: values carry their types (strings, unsigned integers, identities, bits, ...).
 */
public final class BinaryCodec {
    private static final NormalizedNodeStreamVersion VERSION = NormalizedNodeStreamVersion.POTASSIUM;

    private BinaryCodec() {
    }

    public static byte[] encode(final NormalizedNode data) {
        final ByteArrayDataOutput bytes = ByteStreams.newDataOutput();
        try (NormalizedNodeDataOutput out = VERSION.newDataOutput(bytes)) {
            out.writeNormalizedNode(data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode " + data.name(), e);
        }
        return bytes.toByteArray();
    }

    public static byte[] encode(final YangInstanceIdentifier path) {
        final ByteArrayDataOutput bytes = ByteStreams.newDataOutput();
        try (NormalizedNodeDataOutput out = VERSION.newDataOutput(bytes)) {
            out.writeYangInstanceIdentifier(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode path " + path, e);
        }
        return bytes.toByteArray();
    }

    /** A diff as one stream: the count, then each entry's path and optional before and after images. */
    public static byte[] encode(final List<DiffEntry> diff) {
        final ByteArrayDataOutput bytes = ByteStreams.newDataOutput();
        try (NormalizedNodeDataOutput out = VERSION.newDataOutput(bytes)) {
            out.writeInt(diff.size());
            for (DiffEntry entry : diff) {
                out.writeYangInstanceIdentifier(entry.path());
                out.writeOptionalNormalizedNode(entry.beforeOrNull());
                out.writeOptionalNormalizedNode(entry.afterOrNull());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a diff", e);
        }
        return bytes.toByteArray();
    }

    public static List<DiffEntry> decodeDiff(final byte[] bytes) throws IOException {
        final NormalizedNodeDataInput in = input(bytes);
        final int count = in.readInt();
        if (count < 0) {
            throw new IOException("a diff with " + count + " entries");
        }
        final List<DiffEntry> diff = new ArrayList<>(Math.min(count, 1024));
        for (int i = 0; i < count; i++) {
            final YangInstanceIdentifier path = in.readYangInstanceIdentifier();
            final NormalizedNode before = in.readOptionalNormalizedNode().orElse(null);
            final NormalizedNode after = in.readOptionalNormalizedNode().orElse(null);
            try {
                diff.add(new DiffEntry(path, before, after));
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return diff;
    }

    public static NormalizedNode decodeNode(final byte[] bytes) throws IOException {
        return input(bytes).readNormalizedNode();
    }

    public static YangInstanceIdentifier decodePath(final byte[] bytes) throws IOException {
        return input(bytes).readYangInstanceIdentifier();
    }

    private static NormalizedNodeDataInput input(final byte[] bytes) throws IOException {
        return NormalizedNodeDataInput.newDataInput(new DataInputStream(new ByteArrayInputStream(bytes)));
    }
}
