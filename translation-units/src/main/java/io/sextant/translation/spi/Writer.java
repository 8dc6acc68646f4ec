package io.sextant.translation.spi;

import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * Turns a change of the data its handler owns into CLI commands. It is called once per changed
 * instance with the candidate node of the instance: created (no data before), deleted (no data
 * after) or updated; {@link Changes} reads it. Writers must refuse (with
 * {@code operation-not-supported}) leaves they cannot configure, rather than ignore them.
 */
@FunctionalInterface
public interface Writer {

    /**
     * @param path the concrete path of the changed container or list entry, keys included
     * @param node its change: its data before and after
     * @param ctx the whole configuration before and after
     * @param out where the commands go
     */
    void write(YangInstanceIdentifier path, DataTreeCandidateNode node, WriteContext ctx, CliCommands out)
        throws OperationErrorsException;
}
