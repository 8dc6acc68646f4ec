package io.sextant.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.osgi.service.component.annotations.Component;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Finds mount points, and who serves the state data of a path ({@link StateOwner}). Besides the
 * explicit {@code yang-ext:mount} step, a provider may declare containers that are mount points in
 * themselves (the UniConfig {@code configuration}).
 */
@Component(service = MountPointRegistry.class)
public final class MountPointRegistry {
    private final CopyOnWriteArrayList<MountPointProvider> providers = new CopyOnWriteArrayList<>();
    private final Set<QName> mountContainers = ConcurrentHashMap.newKeySet();
    private final CopyOnWriteArrayList<StateOwner> stateOwners = new CopyOnWriteArrayList<>();

    public Registration register(final MountPointProvider provider) {
        providers.add(provider);
        return () -> providers.remove(provider);
    }

    /** Declare {@code container} a mount point: a path reaching it continues in the mounted schema. */
    public Registration registerMountContainer(final QName container) {
        mountContainers.add(container);
        return () -> mountContainers.remove(container);
    }

    public boolean isMountContainer(final QName container) {
        return mountContainers.contains(container);
    }

    /** Declare which state data of the controller's own tree another instance may serve. */
    public Registration registerStateOwner(final StateOwner owner) {
        stateOwners.add(owner);
        return () -> stateOwners.remove(owner);
    }

    /**
     * Return when this instance serves the state data at {@code path} (a path of the controller's
     * own tree); otherwise {@link HeldElsewhere}'s error naming the instance that does.
     */
    public void checkStateServedHere(final YangInstanceIdentifier path) throws OperationErrorsException {
        for (StateOwner owner : stateOwners) {
            owner.checkServedHere(path);
        }
    }

    /** What each state owner says other instances serve at or below {@code path} ({@link StateOwner#servedElsewhere}). */
    public List<NormalizedNode> stateServedElsewhere(final YangInstanceIdentifier path)
            throws OperationErrorsException {
        final List<NormalizedNode> elsewhere = new ArrayList<>();
        for (StateOwner owner : stateOwners) {
            owner.servedElsewhere(path).ifPresent(elsewhere::add);
        }
        return elsewhere;
    }

    public Optional<MountPoint> find(final YangInstanceIdentifier path) throws OperationErrorsException {
        for (MountPointProvider provider : providers) {
            final Optional<MountPoint> found = provider.find(path);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }
}
