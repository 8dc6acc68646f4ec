package io.sextant.translation.testing;

import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;

/** Concise concrete paths in tests: {@code Yid.of(INTERFACES).entry(INTERFACE, NAME, "eth0").node(CONFIG)}. */
public final class Yid {
    private final YangInstanceIdentifier path;

    private Yid(final YangInstanceIdentifier path) {
        this.path = path;
    }

    public static Yid of(final QName top) {
        return new Yid(YangInstanceIdentifier.of(new NodeIdentifier(top)));
    }

    public Yid node(final QName name) {
        return new Yid(path.node(new NodeIdentifier(name)));
    }

    /** The list {@code list} and its entry whose key leaf {@code key} is {@code value}. */
    public Yid entry(final QName list, final QName key, final Object value) {
        return new Yid(path.node(new NodeIdentifier(list)).node(NodeIdentifierWithPredicates.of(list, key, value)));
    }

    public Yid entry(final NodeIdentifierWithPredicates entry) {
        return new Yid(path.node(new NodeIdentifier(entry.getNodeType())).node(entry));
    }

    public YangInstanceIdentifier path() {
        return path;
    }
}
