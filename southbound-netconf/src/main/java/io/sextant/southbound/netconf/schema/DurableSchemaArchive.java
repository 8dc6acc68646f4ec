package io.sextant.southbound.netconf.schema;

import static java.util.Objects.requireNonNull;

import io.sextant.persistence.Database;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.YangModuleSetRepository;
import io.sextant.persistence.YangModuleSetRepository.StoredModuleSet;
import io.sextant.persistence.YangSourceRepository;
import io.sextant.persistence.YangSourceText;
import io.sextant.southbound.netconf.schema.SchemaSourceCache.ModuleSet;
import java.util.Collection;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * Sources and module sets in the controller's PostgreSQL database ({@code yang_source},
 * {@code yang_module_set}): one row per module and revision and one per schema, whatever the
 * number of nodes that share them. Each call is one SQL transaction.
 */
public final class DurableSchemaArchive implements SchemaArchive {
    private final Database database;
    private final YangSourceRepository sources = new YangSourceRepository();
    private final YangModuleSetRepository sets = new YangModuleSetRepository();

    public DurableSchemaArchive(final Database database) {
        this.database = requireNonNull(database);
    }

    @Override
    public Optional<String> source(final String name, final @Nullable Revision revision)
            throws PersistenceException {
        return database.call("read the YANG source " + SourceResolution.Request.key(name, revision),
            tx -> revision != null ? sources.find(tx, name, revision.toString()) : sources.newest(tx, name))
            .map(YangSourceText::source);
    }

    @Override
    public Optional<ModuleSet> moduleSet(final String id) throws PersistenceException {
        return database.call("read the module set of schema " + id, tx -> sets.find(tx, id))
            .map(stored -> new ModuleSet(stored.capabilities(), stored.unavailable()));
    }

    @Override
    public void keep(final String id, final ModuleSet set, final Collection<KeptSource> kept)
            throws PersistenceException {
        final StoredModuleSet stored = new StoredModuleSet(set.capabilities(), set.unavailable());
        database.run("keep the YANG sources of schema " + id, tx -> {
            if (stored.equals(sets.find(tx, id).orElse(null))) {
                // kept before, and its sources in the same transaction
                return;
            }
            sources.saveAll(tx, kept.stream().map(source -> new YangSourceText(source.name(),
                revisionText(source.revision()), source.text())).toList());
            sets.put(tx, id, stored);
        });
    }

    private static String revisionText(final @Nullable Revision revision) {
        return revision == null ? "" : revision.toString();
    }
}
