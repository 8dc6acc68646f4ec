package io.sextant.security.nacm;

import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;

/** The QNames of {@code ietf-netconf-acm@2018-02-14} (RFC 8341) this package reads and writes. */
public final class NacmModel {
    public static final QNameModule MODULE = QNameModule.of(
        XMLNamespace.of("urn:ietf:params:xml:ns:yang:ietf-netconf-acm"), Revision.of("2018-02-14"));
    public static final String MODULE_NAME = "ietf-netconf-acm";

    public static final QName NACM = qname("nacm");
    public static final QName ENABLE_NACM = qname("enable-nacm");
    public static final QName READ_DEFAULT = qname("read-default");
    public static final QName WRITE_DEFAULT = qname("write-default");
    public static final QName EXEC_DEFAULT = qname("exec-default");
    public static final QName ENABLE_EXTERNAL_GROUPS = qname("enable-external-groups");
    public static final QName GROUPS = qname("groups");
    public static final QName GROUP = qname("group");
    public static final QName NAME = qname("name");
    public static final QName USER_NAME = qname("user-name");
    public static final QName RULE_LIST = qname("rule-list");
    public static final QName RULE = qname("rule");
    public static final QName MODULE_NAME_LEAF = qname("module-name");
    public static final QName RULE_TYPE = qname("rule-type");
    public static final QName RPC_NAME = qname("rpc-name");
    public static final QName NOTIFICATION_NAME = qname("notification-name");
    public static final QName PATH = qname("path");
    public static final QName ACCESS_OPERATIONS = qname("access-operations");
    public static final QName ACTION = qname("action");
    public static final QName COMMENT = qname("comment");

    /** The schema extensions of RFC 8341 section 3.5. */
    public static final QName DEFAULT_DENY_WRITE = qname("default-deny-write");
    public static final QName DEFAULT_DENY_ALL = qname("default-deny-all");

    /** Where the rules live in the controller's configuration datastore. */
    public static final YangInstanceIdentifier NACM_PATH = YangInstanceIdentifier.of(new NodeIdentifier(NACM));

    private NacmModel() {
    }

    private static QName qname(final String localName) {
        return QName.create(MODULE, localName).intern();
    }
}
