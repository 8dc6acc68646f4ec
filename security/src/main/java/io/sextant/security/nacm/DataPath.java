package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The path of a data node as NACM sees it: a {@link YangInstanceIdentifier} in its schema, and
 * for device data behind a mount point the path to the mount point, the {@code yang-ext:mount}
 * step, and the path inside the device's schema. A rule's path may cross the mount point, for
 * example {@code /network-topology:network-topology/topology/node[node-id='R1']/yang-ext:mount/
 * openconfig-interfaces:interfaces}.
 */
public final class DataPath {
    /** One part of the path, in its own schema. */
    public record Segment(EffectiveModelContext schema, YangInstanceIdentifier path) {
        public Segment {
            requireNonNull(schema);
            requireNonNull(path);
        }
    }

    private final List<Segment> segments;

    private DataPath(final List<Segment> segments) {
        this.segments = List.copyOf(segments);
    }

    /** A path in the controller's own data (or any single schema). */
    public static DataPath of(final EffectiveModelContext schema, final YangInstanceIdentifier path) {
        return new DataPath(List.of(new Segment(schema, path)));
    }

    /**
     * The path of data behind a mount point: {@code this} is the mount point's node (for example
     * a topology node entry), {@code innerPath} the path in the mounted schema.
     */
    public DataPath mount(final EffectiveModelContext innerSchema, final YangInstanceIdentifier innerPath) {
        final List<Segment> list = new ArrayList<>(segments);
        list.add(new Segment(innerSchema, innerPath));
        return new DataPath(list);
    }

    /** The same path one step further down, in the innermost schema. */
    public DataPath child(final PathArgument arg) {
        final List<Segment> list = new ArrayList<>(segments);
        final Segment last = list.remove(list.size() - 1);
        list.add(new Segment(last.schema(), last.path().node(arg)));
        return new DataPath(list);
    }

    public List<Segment> segments() {
        return segments;
    }

    /** The innermost segment: where the addressed data lives. */
    public Segment innermost() {
        return segments.get(segments.size() - 1);
    }

    @Override
    public String toString() {
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            if (i > 0) {
                sb.append("/yang-ext:mount");
            }
            sb.append(segments.get(i).path());
        }
        return sb.toString();
    }
}
