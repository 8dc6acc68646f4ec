package io.sextant.translation.spi;

import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;

/**
 * A schema path of data nodes, without list keys: {@code interfaces/interface/config} stands
 * for the config container of every interface. Handlers are registered at such paths.
 *
 * @param steps the data node names from the top
 */
public record DataPath(List<QName> steps) {

    public DataPath {
        steps = List.copyOf(steps);
    }

    public static DataPath of(final QName... steps) {
        return new DataPath(List.of(steps));
    }

    public DataPath child(final QName... more) {
        final List<QName> extended = new ArrayList<>(steps);
        extended.addAll(List.of(more));
        return new DataPath(extended);
    }

    public int size() {
        return steps.size();
    }

    public QName last() {
        return steps.get(steps.size() - 1);
    }

    public boolean isPrefixOf(final DataPath other) {
        return other.steps.size() >= steps.size() && other.steps.subList(0, steps.size()).equals(steps);
    }

    /** The schema path of a concrete data path: list entry steps dropped. */
    public static DataPath of(final YangInstanceIdentifier path) {
        final List<QName> names = new ArrayList<>();
        for (PathArgument arg : path.getPathArguments()) {
            if (arg instanceof NodeIdentifier) {
                names.add(arg.getNodeType());
            }
        }
        return new DataPath(names);
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder();
        for (QName step : steps) {
            text.append('/').append(step.getLocalName());
        }
        return text.toString();
    }
}
