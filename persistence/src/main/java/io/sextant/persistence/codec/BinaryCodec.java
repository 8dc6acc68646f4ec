package io.sextant.persistence.codec;

import com.google.common.io.ByteArrayDataOutput;
import com.google.common.io.ByteStreams;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.codec.binfmt.DataTreeCandidateInputOutput;
import org.opendaylight.yangtools.yang.data.codec.binfmt.NormalizedNodeDataInput;
import org.opendaylight.yangtools.yang.data.codec.binfmt.NormalizedNodeDataOutput;
import org.opendaylight.yangtools.yang.data.codec.binfmt.NormalizedNodeStreamVersion;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

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

    public static byte[] encode(final DataTreeCandidate candidate) {
        final ByteArrayDataOutput bytes = ByteStreams.newDataOutput();
        try (NormalizedNodeDataOutput out = VERSION.newDataOutput(bytes)) {
            DataTreeCandidateInputOutput.writeDataTreeCandidate(out, candidate);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode the change at " + candidate.getRootPath(), e);
        }
        return bytes.toByteArray();
    }

    public static NormalizedNode decodeNode(final byte[] bytes) throws IOException {
        return input(bytes).readNormalizedNode();
    }

    public static YangInstanceIdentifier decodePath(final byte[] bytes) throws IOException {
        return input(bytes).readYangInstanceIdentifier();
    }

    public static DataTreeCandidate decodeCandidate(final byte[] bytes) throws IOException {
        return DataTreeCandidateInputOutput.readDataTreeCandidate(input(bytes));
    }

    private static NormalizedNodeDataInput input(final byte[] bytes) throws IOException {
        return NormalizedNodeDataInput.newDataInput(new DataInputStream(new ByteArrayInputStream(bytes)));
    }
}
