package io.sextant.translation;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliSession;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A mounted CLI device seen through its translation unit: OpenConfig in, OpenConfig out. This
 * is what the unified and UniConfig layers use for CLI nodes.
 *
 * <ul>
 *   <li>{@link #readConfiguration()}: the running configuration as OpenConfig (sync);</li>
 *   <li>{@link #commands}: the exact lines for a change (calculate-diff, dry-run, commit);</li>
 *   <li>{@link #apply(CommandPlan)}: send them; a rejection fails with a
 *       {@link CliCommandException} naming the line and carrying the device's text;</li>
 *   <li>{@link #rollbackCommands(CommandPlan, Throwable)} and {@link #rollback(CommandPlan)}: undo
 *       with the reverse commands of what was applied;</li>
 *   <li>{@link #configCoverage()}: running-configuration lines no reader understood.</li>
 * </ul>
 */
public final class CliDevice {
    private final String nodeId;
    private final UnitModel model;
    private final CliSession session;

    public CliDevice(final String nodeId, final UnitModel model, final CliSession session) {
        this.nodeId = nodeId;
        this.model = model;
        this.session = session;
    }

    /** With the unit's shared plain-Java model ({@link UnitModel#of}). */
    public CliDevice(final String nodeId, final TranslationUnit unit, final CliSession session) {
        this(nodeId, UnitModel.of(unit), session);
    }

    public String nodeId() {
        return nodeId;
    }

    public TranslationUnit unit() {
        return model.unit();
    }

    /** The schema of the configuration: the unit's modules and their imports. */
    public EffectiveModelContext schema() {
        return model.schema();
    }

    public CliSession session() {
        return session;
    }

    /** Read the device: its configuration as OpenConfig and the lines no reader understood. */
    public CompletionStage<ReadResult> read() {
        final List<String> commands = model.readCommands();
        return session.execute(commands).thenApplyAsync(outputs -> {
            final Map<String, String> byCommand = new LinkedHashMap<>();
            for (int i = 0; i < commands.size(); i++) {
                byCommand.put(commands.get(i), outputs.get(i));
            }
            try {
                return model.read(byCommand);
            } catch (OperationErrorsException e) {
                throw new CompletionException(e);
            }
        });
    }

    /** The running configuration as OpenConfig, a root container of the unit's top-level containers. */
    public CompletionStage<ContainerNode> readConfiguration() {
        return read().thenApply(ReadResult::configuration);
    }

    /** Running-configuration lines no reader understood, with their line numbers. */
    public CompletionStage<List<String>> configCoverage() {
        return read().thenApply(ReadResult::uncovered);
    }

    /** The lines that turn {@code before} into {@code after} (root containers; null = empty). */
    public CommandPlan commands(final @Nullable ContainerNode before, final @Nullable ContainerNode after)
            throws OperationErrorsException {
        return model.commands(before, after);
    }

    /** The lines for a change of the device's configuration, a candidate rooted at its root. */
    public CommandPlan commands(final DataTreeCandidate change) throws OperationErrorsException {
        return model.commands(change);
    }

    /** Send the plan's lines in configuration mode, stopping at the first rejected line. */
    public CompletionStage<Void> apply(final CommandPlan plan) {
        return plan.isEmpty() ? CompletableFuture.completedFuture(null) : session.configure(plan.lines());
    }

    /**
     * The commands undoing what {@link #apply} changed: everything when it succeeded (or failed
     * without a rejected line), the changes up to the rejected line otherwise.
     */
    public CommandPlan rollbackCommands(final CommandPlan applied, final Throwable failure) {
        if (Failures.unwrap(failure) instanceof CliCommandException rejected && rejected.lineIndex() >= 0) {
            return applied.rollbackAfterFailure(rejected.lineIndex());
        }
        return applied.rollback();
    }

    /**
     * Send reverse commands best effort: a rolled-back change may have been applied only partly,
     * so a rejected line does not stop the rollback; the block a rejected mode command would have
     * opened is skipped.
     *
     * @return the lines the device rejected; empty when the rollback went through cleanly
     */
    public CompletionStage<List<CliCommandException>> rollback(final CommandPlan reverse) {
        return reverse.isEmpty() ? CompletableFuture.completedFuture(List.of())
            : session.configureAll(reverse.lines(), reverse::continueAfterRejection);
    }

    @Override
    public String toString() {
        return "CliDevice[" + nodeId + ", " + model.unit().name() + "]";
    }
}
