package io.sextant.security.auth;

import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;

/** The QNames of {@code sextant-users} (model/src/main/yang/sextant-users@2026-11-23.yang). */
public final class UsersModel {
    public static final QNameModule MODULE = QNameModule.of(XMLNamespace.of("urn:sextant:users"),
        Revision.of("2026-11-23"));

    public static final QName USERS = QName.create(MODULE, "users").intern();
    public static final QName USER = QName.create(MODULE, "user").intern();
    public static final QName NAME = QName.create(MODULE, "name").intern();
    public static final QName PASSWORD_HASH = QName.create(MODULE, "password-hash").intern();
    public static final QName ENABLED = QName.create(MODULE, "enabled").intern();
    public static final QName SET_PASSWORD = QName.create(MODULE, "set-password").intern();
    public static final QName PASSWORD = QName.create(MODULE, "password").intern();

    /** Where users live in the controller's configuration datastore. */
    public static final YangInstanceIdentifier USERS_PATH = YangInstanceIdentifier.of(new NodeIdentifier(USERS));

    private UsersModel() {
    }
}
