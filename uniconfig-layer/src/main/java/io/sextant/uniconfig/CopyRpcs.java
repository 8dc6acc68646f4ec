package io.sextant.uniconfig;

import io.sextant.model.ControllerSchema;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.Registration;
import io.sextant.spi.RpcRegistry;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;

/** {@code uniconfig-manager:copy-one-to-many}: its input read, its output the usual node-results. */
final class CopyRpcs implements AutoCloseable {
    private static final QName COPY = QName.create(ControllerSchema.UNICONFIG_MANAGER, "copy-one-to-many");
    private static final QName SOURCE_NODE = QName.create(COPY, "source-node");
    private static final QName PATH = QName.create(COPY, "path");
    private static final QName OPERATION = QName.create(COPY, "operation");

    private final Registration registration;

    CopyRpcs(final CopyService copies, final IntentAccess.Policy access, final RpcRegistry rpcs) {
        registration = rpcs.register(COPY, (input, context) -> {
            final List<String> targets = UniconfigRpcs.targetNodes(input);
            return UniconfigRpcs.guarded(targets, () -> copies.copy(LeafText.of(input, SOURCE_NODE),
                LeafText.of(input, PATH), "replace".equals(LeafText.of(input, OPERATION)), targets, context,
                access.forRequest(context)))
                .thenApply(result -> Optional.of(UniconfigRpcs.plainOutput(ControllerSchema.UNICONFIG_MANAGER,
                    result)));
        });
    }

    @Override
    public void close() {
        registration.close();
    }
}
