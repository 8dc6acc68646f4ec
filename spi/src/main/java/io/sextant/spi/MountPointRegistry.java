package io.sextant.spi;

import java.util.Optional;
import org.osgi.service.component.annotations.Component;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * Finds mount points. Besides the explicit {@code yang-ext:mount} step, a provider may declare
 * containers that are mount points in themselves (the UniConfig {@code configuration}).
 */
@Component(service = MountPointRegistry.class)
public final class MountPointRegistry {
    private final CopyOnWriteArrayList<MountPointProvider> providers = new CopyOnWriteArrayList<>();
    private final Set<QName> mountContainers = ConcurrentHashMap.newKeySet();

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
