package io.sextant.restconf.nacm;

import io.sextant.spi.RequestContext;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.NacmOperation;
import io.sextant.security.service.AccessControl;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.Module;

/**
 * May the request's user read {@code /sextant:status} (NACM read on that container)? What
 * {@code GET /metrics} asks: the metrics say as much as the controller's status does.
 */
public final class StatusReadAccess implements Predicate<RequestContext> {
    private static final String MODULE = "sextant";

    private final AccessControl control;
    /** Null when the schema has no {@code sextant} module: then nobody may read it. */
    private final @Nullable DataPath status;

    public StatusReadAccess(final AccessControl control, final EffectiveModelContext schema) {
        this.control = control;
        DataPath path = null;
        for (Module module : schema.findModules(MODULE)) {
            path = DataPath.of(schema, YangInstanceIdentifier.of(QName.create(module.getQNameModule(), "status")));
        }
        this.status = path;
    }

    @Override
    public boolean test(final RequestContext context) {
        final DataPath path = status;
        return path != null && control.access(context).data(path, NacmOperation.READ).permitted();
    }
}
