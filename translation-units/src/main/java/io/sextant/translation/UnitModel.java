package io.sextant.translation;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.engine.CommandPlanner;
import io.sextant.translation.engine.ConfigReadEngine;
import io.sextant.translation.engine.DiffNode;
import io.sextant.translation.engine.HandlerTree;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import io.sextant.translation.spi.ReadContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A translation unit made usable: its schema and its handlers checked against it. Translation
 * here is pure, from device outputs to OpenConfig and from OpenConfig changes to lines; a
 * {@link CliDevice} adds the session. One instance per unit, shared.
 */
public final class UnitModel {
    private static final Map<String, UnitModel> MODELS = new ConcurrentHashMap<>();

    private final TranslationUnit unit;
    private final EffectiveModelContext schema;
    private final HandlerTree tree;
    private final CommandPlanner planner;

    /**
     * @throws IllegalArgumentException when the unit's modules or handlers do not fit
     */
    public UnitModel(final TranslationUnit unit, final UnitSchemas schemas) {
        this.unit = unit;
        this.schema = schemas.forModules(unit.yangModules());
        this.tree = HandlerTree.of(unit.handlers(), schema);
        this.planner = new CommandPlanner(tree, unit.deviceType());
    }

    /**
     * The model of {@code unit} with yangtools' default parser, built on first use and shared
     * (plain Java; in OSGi the registry builds models with the parser service).
     *
     * @throws IllegalArgumentException when the unit's modules or handlers do not fit
     */
    public static UnitModel of(final TranslationUnit unit) {
        final UnitModel model = MODELS.computeIfAbsent(unit.name(),
            name -> new UnitModel(unit, UnitSchemas.plainJava()));
        if (model.unit.getClass() != unit.getClass()) {
            throw new IllegalArgumentException("Two translation units are named " + unit.name());
        }
        return model;
    }

    public TranslationUnit unit() {
        return unit;
    }

    /** The schema of the configuration this unit reads and writes. */
    public EffectiveModelContext schema() {
        return schema;
    }

    /** Every command a read needs: the running configuration first, then the unit's show commands. */
    public List<String> readCommands() {
        final List<String> commands = new ArrayList<>();
        commands.add(unit.runningConfigCommand());
        commands.addAll(unit.showCommands());
        return commands;
    }

    /**
     * Translate device outputs into OpenConfig.
     *
     * @param outputs the output of every {@link #readCommands() read command}
     */
    public ReadResult read(final Map<String, String> outputs) throws OperationErrorsException {
        final String running = outputs.get(unit.runningConfigCommand());
        if (running == null) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
                "No output of '" + unit.runningConfigCommand() + "'");
        }
        final ConfigText config = ConfigText.parse(running);
        final ReadContext ctx = new ReadContext() {
            @Override
            public ConfigText runningConfig() {
                return config;
            }

            @Override
            public String show(final String command) throws OperationErrorsException {
                final String output = outputs.get(command);
                if (output == null) {
                    throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
                        "Unit " + unit.name() + " reads '" + command + "' without declaring it");
                }
                return output;
            }
        };
        final ContainerNode configuration = ConfigReadEngine.read(tree, ctx);
        final List<String> uncovered = config.unclaimed(unit.ignoredLines()).stream()
            .map(ConfigLine::toString).toList();
        return new ReadResult(configuration, uncovered);
    }

    /**
     * The commands turning {@code before} into {@code after}: root containers holding top-level
     * OpenConfig containers; null is an empty configuration.
     *
     * @throws OperationErrorsException {@code operation-not-supported} with the path of data no
     *     writer configures, or a writer's refusal
     */
    public CommandPlan commands(final @Nullable ContainerNode before, final @Nullable ContainerNode after)
            throws OperationErrorsException {
        return planner.plan(DiffNode.root(before, after));
    }

    /**
     * The commands of a change of the configuration, as the UniConfig layer hands it over.
     *
     * @param change a candidate rooted at the configuration root
     * @throws OperationErrorsException as {@link #commands(ContainerNode, ContainerNode)}
     * @throws IllegalArgumentException when the candidate is not rooted at the configuration root
     */
    public CommandPlan commands(final DataTreeCandidate change) throws OperationErrorsException {
        if (!change.getRootPath().isEmpty()) {
            throw new IllegalArgumentException("A configuration change is rooted at the configuration root, not at "
                + change.getRootPath());
        }
        return planner.plan(change.getRootNode());
    }
}
