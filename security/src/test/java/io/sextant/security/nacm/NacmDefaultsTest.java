package io.sextant.security.nacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.ControllerSchema;
import io.sextant.security.auth.UsersModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** The shipped rules, against the controller's own schema (which includes sextant-users). */
class NacmDefaultsTest {
    private static final EffectiveModelContext SCHEMA = ControllerSchema.get();
    private static final NacmPolicy POLICY = NacmPolicy.compile(NacmCodec.fromNormalizedNode(
        NacmCodec.toNormalizedNode(NacmDefaults.config("admin"))));

    private static DataPath users() {
        return DataPath.of(SCHEMA, UsersModel.USERS_PATH);
    }

    private static DataPath topology() {
        return DataPath.of(SCHEMA, YangInstanceIdentifier.of(QName.create(ControllerSchema.NETWORK_TOPOLOGY,
            "network-topology")));
    }

    private static QName rpc(final String name) {
        return QName.create(ControllerSchema.UNICONFIG_MANAGER, name);
    }

    @Test
    void adminMayDoEverything() {
        final NacmAccess admin = POLICY.access("admin", Set.of());
        assertEquals(Set.of("admin"), admin.groups());
        for (NacmOperation op : NacmOperation.values()) {
            assertTrue(admin.data(users(), op).permitted(), op.toString());
            assertTrue(admin.data(topology(), op).permitted(), op.toString());
        }
        assertTrue(admin.exec(SCHEMA, rpc("commit")).permitted());
        assertTrue(admin.data(DataPath.of(SCHEMA, NacmModel.NACM_PATH), NacmOperation.UPDATE).permitted());
    }

    @Test
    void operatorsReadAllButUsersAndRunOnlyReadOnlyRpcs() {
        final NacmAccess operator = POLICY.access("olga", Set.of(NacmDefaults.OPERATOR_GROUP));
        assertTrue(operator.data(topology(), NacmOperation.READ).permitted());
        assertFalse(operator.data(topology(), NacmOperation.UPDATE).permitted());
        assertFalse(operator.data(users(), NacmOperation.READ).permitted());
        assertTrue(operator.exec(SCHEMA, rpc("calculate-diff")).permitted());
        assertFalse(operator.exec(SCHEMA, rpc("commit")).permitted());
        // a node's history and the installed nodes are read-only too; reverting and installing are not
        for (String read : List.of("list-history", "read-history", "compare-history")) {
            assertTrue(operator.exec(SCHEMA, QName.create(ControllerSchema.HISTORY, read)).permitted(), read);
        }
        assertFalse(operator.exec(SCHEMA, QName.create(ControllerSchema.HISTORY, "revert-changes")).permitted());
        for (String read : List.of("get-installed-nodes", "check-installed-nodes")) {
            assertTrue(operator.exec(SCHEMA, QName.create(ControllerSchema.CONNECTION_MANAGER, read)).permitted(),
                read);
        }
        assertFalse(operator.exec(SCHEMA, QName.create(ControllerSchema.CONNECTION_MANAGER,
            "install-multiple-nodes")).permitted());
    }

    @Test
    void usersWithoutAGroupMayDoNothingAndTheUsersAreProtectedBySchemaToo() {
        final NacmAccess nobody = POLICY.access("nobody", Set.of());
        for (NacmOperation op : NacmOperation.values()) {
            assertFalse(nobody.data(topology(), op).permitted(), op.toString());
        }
        assertFalse(nobody.exec(SCHEMA, rpc("calculate-diff")).permitted());
        // even under RFC 8341's permissive defaults, users and NACM rules stay hidden (default-deny-all)
        final NacmAccess permissive = NacmPolicy.compile(NacmConfig.RFC_DEFAULTS).access("nobody", Set.of());
        assertEquals("default-deny-all", permissive.data(users(), NacmOperation.READ).decidedBy());
        assertEquals("default-deny-all", permissive.data(DataPath.of(SCHEMA, NacmModel.NACM_PATH),
            NacmOperation.READ).decidedBy());
        assertTrue(permissive.data(topology(), NacmOperation.READ).permitted());
    }
}
