package io.sextant.southbound.netconf.xml;

import com.google.common.collect.ImmutableMap;
import java.io.IOException;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.schema.stream.ForwardingNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter.MetadataExtension;

/**
 * Puts the {@code nc:operation} attribute on the outermost XML elements a subtree writes: the
 * element itself for a container, list entry or leaf; every entry for a whole list; every child
 * for a choice (lists and choices have no element of their own).
 */
final class OperationAttributeWriter extends ForwardingNormalizedNodeStreamWriter {
    private final NormalizedNodeStreamWriter delegate;
    private final MetadataExtension metadata;
    private final ImmutableMap<QName, Object> attributes;
    /** Open nodes, and how many of them are XML elements. */
    private int depth;
    private int elementDepth;
    private final boolean[] isElement = new boolean[256];

    OperationAttributeWriter(final NormalizedNodeStreamWriter delegate, final ImmutableMap<QName, Object> attributes) {
        this.delegate = delegate;
        this.attributes = attributes;
        this.metadata = delegate.extension(MetadataExtension.class);
        if (metadata == null) {
            throw new IllegalStateException("The XML writer does not support attributes");
        }
    }

    @Override
    protected NormalizedNodeStreamWriter delegate() {
        return delegate;
    }

    private void opened(final boolean element) throws IOException {
        if (depth >= isElement.length) {
            throw new IOException("Data nested too deep");
        }
        isElement[depth++] = element;
        if (element) {
            if (elementDepth == 0) {
                metadata.metadata(attributes);
            }
            elementDepth++;
        }
    }

    @Override
    public void endNode() throws IOException {
        super.endNode();
        if (isElement[--depth]) {
            elementDepth--;
        }
    }

    @Override
    public void startLeafNode(final NodeIdentifier name) throws IOException {
        super.startLeafNode(name);
        opened(true);
    }

    @Override
    public void startLeafSet(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startLeafSet(name, childSizeHint);
        opened(false);
    }

    @Override
    public void startOrderedLeafSet(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startOrderedLeafSet(name, childSizeHint);
        opened(false);
    }

    @Override
    public void startLeafSetEntryNode(final NodeWithValue<?> name) throws IOException {
        super.startLeafSetEntryNode(name);
        opened(true);
    }

    @Override
    public void startContainerNode(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startContainerNode(name, childSizeHint);
        opened(true);
    }

    @Override
    public void startUnkeyedList(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startUnkeyedList(name, childSizeHint);
        opened(false);
    }

    @Override
    public void startUnkeyedListItem(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startUnkeyedListItem(name, childSizeHint);
        opened(true);
    }

    @Override
    public void startMapNode(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startMapNode(name, childSizeHint);
        opened(false);
    }

    @Override
    public void startMapEntryNode(final NodeIdentifierWithPredicates identifier, final int childSizeHint)
            throws IOException {
        super.startMapEntryNode(identifier, childSizeHint);
        opened(true);
    }

    @Override
    public void startOrderedMapNode(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startOrderedMapNode(name, childSizeHint);
        opened(false);
    }

    @Override
    public void startChoiceNode(final NodeIdentifier name, final int childSizeHint) throws IOException {
        super.startChoiceNode(name, childSizeHint);
        opened(false);
    }

    @Override
    public boolean startAnydataNode(final NodeIdentifier name, final Class<?> objectModel) throws IOException {
        final boolean started = super.startAnydataNode(name, objectModel);
        if (started) {
            opened(true);
        }
        return started;
    }

    @Override
    public boolean startAnyxmlNode(final NodeIdentifier name, final Class<?> objectModel) throws IOException {
        final boolean started = super.startAnyxmlNode(name, objectModel);
        if (started) {
            opened(true);
        }
        return started;
    }
}
