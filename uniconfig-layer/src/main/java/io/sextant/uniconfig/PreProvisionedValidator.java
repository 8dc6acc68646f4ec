package io.sextant.uniconfig;

import io.sextant.datastore.Candidates;
import io.sextant.datastore.CommitValidator;
import io.sextant.spi.OperationErrorsException;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * Refuses a pre-provisioning entry, when it is written, that could never be applied: one without
 * a template name, one naming a template that is not stored, one without a value for a variable
 * its template uses (in its configuration or an operation's path). Entries the write does not
 * touch are not checked again (their template may have changed since: the entry's state says so
 * when it is applied).
 */
final class PreProvisionedValidator implements CommitValidator {
    @Override
    public void validate(final DataTreeCandidate candidate) throws OperationErrorsException {
        final DataTreeCandidateNode list = Candidates.find(candidate, PreProvisioning.ALL).orElse(null);
        final NormalizedNode root = candidate.getRootNode().dataAfter();
        if (list == null || root == null) {
            return;
        }
        for (DataTreeCandidateNode changed : list.childNodes()) {
            if (changed.dataAfter() instanceof MapEntryNode written) {
                check(PreProvisioning.entry(written), root);
            }
        }
    }

    private static void check(final PreProvisioning.Entry entry, final NormalizedNode root)
            throws OperationErrorsException {
        final String nodeId = entry.nodeId();
        if (entry.template().isEmpty()) {
            throw refused(ErrorTag.MISSING_ELEMENT, "Pre-provisioned node " + nodeId + ": template-name is missing");
        }
        final NormalizedNode stored = NormalizedNodes.findNode(root, TemplateStore.ALL.node(
            NodeIdentifierWithPredicates.of(TemplateStore.TEMPLATE, TemplateStore.NAME, entry.template()))).orElse(null);
        if (!(stored instanceof MapEntryNode found)) {
            throw refused(ErrorTag.INVALID_VALUE, "Pre-provisioned node " + nodeId + ": no template named '"
                + entry.template() + "' is stored (sextant-templates:templates); store it first");
        }
        final Template template = TemplateStore.template(entry.template(), found);
        final Set<String> used = new LinkedHashSet<>(Variables.in(template.configuration()));
        template.operations().forEach(operation -> used.addAll(Variables.in(operation.path())));
        final Set<String> missing = new TreeSet<>(used);
        missing.removeAll(entry.values().keySet());
        if (!missing.isEmpty()) {
            throw refused(ErrorTag.MISSING_ELEMENT, "Pre-provisioned node " + nodeId + ": template '"
                + entry.template() + "' needs a value for variable" + (missing.size() > 1 ? "s " : " ")
                + String.join(", ", missing));
        }
    }

    private static OperationErrorsException refused(final ErrorTag tag, final String message) {
        return OperationErrorsException.of(ErrorType.APPLICATION, tag, message);
    }
}
