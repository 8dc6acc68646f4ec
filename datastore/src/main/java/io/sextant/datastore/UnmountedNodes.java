package io.sextant.datastore;

import java.util.Set;
import java.util.TreeSet;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * The nodes a commit of the configuration datastore unmounts: removed from topology-netconf or
 * topology-cli and not mounted again in either by the same commit. Their UniConfig nodes go with
 * them, kept rows and all (in the commit's own database transaction), and every controller
 * instance stops serving them once it has the commit.
 */
public final class UnmountedNodes {
    private UnmountedNodes() {
    }

    /** The ids of the nodes {@code candidate} (rooted at the datastore's root) unmounts, sorted. */
    public static Set<String> of(final DataTreeCandidate candidate) {
        return of(new MountLeases().changes(candidate));
    }

    static Set<String> of(final MountLeases.Mounts mounts) {
        final Set<String> gone = new TreeSet<>();
        mounts.removed().forEach(node -> gone.add(node.nodeId()));
        mounts.added().forEach(node -> gone.remove(node.nodeId()));
        return gone;
    }
}
