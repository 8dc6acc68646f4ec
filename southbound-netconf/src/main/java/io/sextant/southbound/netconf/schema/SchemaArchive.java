package io.sextant.southbound.netconf.schema;

import io.sextant.persistence.PersistenceException;
import io.sextant.southbound.netconf.schema.SchemaSourceCache.ModuleSet;
import java.util.Collection;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * Where YANG sources fetched from devices and the module sets of schemas are kept for good, beyond
 * the schema cache directory: the controller's database when it runs durable, nowhere otherwise.
 * A module set is kept together with every source its schema was built from that is not bundled,
 * so that a set found here can always be built again without a device.
 */
public interface SchemaArchive {

    /** A source as kept: under the revision it was asked for, or the one its text declares. */
    record KeptSource(String name, @Nullable Revision revision, String text) {
    }

    /**
     * The source of module or submodule {@code name}.
     *
     * @param revision null for the newest kept (a dated one before one without revision)
     */
    Optional<String> source(String name, @Nullable Revision revision) throws PersistenceException;

    /** The module set of schema {@code id}, if one was kept. */
    Optional<ModuleSet> moduleSet(String id) throws PersistenceException;

    /**
     * Keep the module set of schema {@code id} and the sources it was built from, all or none.
     * Sources kept before keep their first text.
     */
    void keep(String id, ModuleSet set, Collection<KeptSource> sources) throws PersistenceException;

    /** Nothing is kept (the controller runs in memory): the schema cache directory is all there is. */
    SchemaArchive NONE = new SchemaArchive() {
        @Override
        public Optional<String> source(final String name, final @Nullable Revision revision) {
            return Optional.empty();
        }

        @Override
        public Optional<ModuleSet> moduleSet(final String id) {
            return Optional.empty();
        }

        @Override
        public void keep(final String id, final ModuleSet set, final Collection<KeptSource> sources) {
            // nowhere to keep them
        }
    };
}
