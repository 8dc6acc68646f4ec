package io.sextant.uniconfig;

import io.sextant.model.ControllerSchema;
import io.sextant.datastore.DataStore;
import io.sextant.spi.Registration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The templates stored in the controller's configuration datastore, at
 * {@code sextant-templates:templates}: kept like the rest of that datastore (in PostgreSQL, or in
 * memory with {@code --in-memory}), written over RESTCONF and guarded by NACM there.
 */
final class TemplateStore implements AutoCloseable {
    static final QNameModule MODULE = ControllerSchema.TEMPLATES;
    static final String MODULE_NAME = "sextant-templates";
    static final QName TEMPLATES = QName.create(MODULE, "templates");
    static final QName TEMPLATE = QName.create(MODULE, "template");
    static final QName NAME = QName.create(MODULE, "name");
    static final QName CONFIGURATION = QName.create(MODULE, "configuration");
    static final QName OPERATION = QName.create(MODULE, "operation");
    static final QName PATH = QName.create(MODULE, "path");
    static final YangInstanceIdentifier ALL = YangInstanceIdentifier.of(TEMPLATES, TEMPLATE);

    private final DataStore config;
    private final Registration validator;

    /** The templates in {@code config}, which from now on refuses a template that is not JSON. */
    TemplateStore(final DataStore config) {
        this.config = config;
        this.validator = config.registerValidator(YangInstanceIdentifier.of(TEMPLATES), new TemplateValidator());
    }

    Optional<Template> find(final String name) {
        return config.snapshot().read(YangInstanceIdentifier.builder().node(TEMPLATES).node(TEMPLATE)
            .nodeWithKey(TEMPLATE, NAME, name).build())
            .filter(MapEntryNode.class::isInstance).map(entry -> template(name, (MapEntryNode) entry));
    }

    /** The names of the stored templates, sorted. */
    List<String> names() {
        final Optional<NormalizedNode> list = config.snapshot().read(ALL);
        if (list.isEmpty() || !(list.orElseThrow() instanceof MapNode map)) {
            return List.of();
        }
        return map.body().stream().map(entry -> String.valueOf(entry.name().getValue(NAME))).sorted().toList();
    }

    static Template template(final String name, final MapEntryNode entry) {
        final List<Template.Operation> operations = new ArrayList<>();
        if (entry.childByArg(NodeIdentifier.create(OPERATION)) instanceof MapNode ops) {
            for (MapEntryNode op : ops.body()) {
                operations.add(new Template.Operation(LeafText.of(op, PATH),
                    Template.Kind.valueOf(LeafText.of(op, OPERATION).toUpperCase(Locale.ROOT))));
            }
        }
        return new Template(name, LeafText.of(entry, CONFIGURATION), operations);
    }

    @Override
    public void close() {
        validator.close();
    }
}
