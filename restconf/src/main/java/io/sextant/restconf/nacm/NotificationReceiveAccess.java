package io.sextant.restconf.nacm;

import io.sextant.spi.RequestContext;
import io.sextant.restconf.http.NotificationAccess;
import io.sextant.security.service.AccessControl;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** NACM's answer: the user may receive a notification when the rules in force now let it read it. */
public final class NotificationReceiveAccess implements NotificationAccess {
    private final AccessControl control;

    public NotificationReceiveAccess(final AccessControl control) {
        this.control = control;
    }

    @Override
    public boolean mayReceive(final RequestContext context, final EffectiveModelContext schema,
            final QName notification) {
        return control.access(context).receive(schema, notification).permitted();
    }
}
