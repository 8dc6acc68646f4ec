package io.sextant.restconf.http;

import io.sextant.spi.RequestContext;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** May the request's user receive a notification (NACM, RFC 8341 section 3.4.6)? */
@FunctionalInterface
public interface NotificationAccess {
    /** Everyone receives everything (tests of the HTTP layer). */
    NotificationAccess ALL = (context, schema, notification) -> true;

    boolean mayReceive(RequestContext context, EffectiveModelContext schema, QName notification);
}
