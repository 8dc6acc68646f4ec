package io.sextant.security.nacm;

import static io.sextant.security.nacm.NacmTestSchema.at;
import static io.sextant.security.nacm.NacmTestSchema.dataPath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** Reads: what is pruned, what is kept, and that nothing is copied or walked when nothing can be denied. */
class NacmPruningTest {
    private static final ContainerNode DATA = NacmTestSchema.root(Rfc8341Examples.DATA);

    private static NacmPolicy policy(final String ruleLists) {
        return policy("permit", "deny", ruleLists);
    }

    private static NacmPolicy policy(final String readDefault, final String writeDefault, final String ruleLists) {
        return NacmPolicy.compile(NacmCodec.fromNormalizedNode(NacmTestSchema.json("""
            {"ietf-netconf-acm:nacm": {"read-default": "%s", "write-default": "%s",
              "groups": {"group": [{"name": "ops", "user-name": ["olga"]}]},
              "rule-list": [%s]}}""".formatted(readDefault, writeDefault, ruleLists))));
    }

    private static Optional<NormalizedNode> read(final NacmPolicy policy, final String user, final String path) {
        final NormalizedNode data = path.equals("/") ? DATA : at(DATA, path);
        return policy.access(user, Set.of()).prune(dataPath(path), data);
    }

    private static boolean has(final NormalizedNode pruned, final String path) {
        return NormalizedNodes.findNode(pruned, NacmTestSchema.path(path)).isPresent();
    }

    @Test
    void everythingReadableReturnsTheSameObject() {
        final NacmPolicy policy = policy("""
            {"name": "all", "group": ["ops"], "rule": [
              {"name": "permit-all", "access-operations": "*", "action": "permit"}]}""");
        assertSame(DATA, read(policy, "olga", "/").orElseThrow());
        final NormalizedNode system = at(DATA, "/acme-system:system");
        assertSame(system, read(policy, "olga", "/acme-system:system").orElseThrow());
    }

    /**
     * A container that fails when anything but its name is asked: pruning that returns it has
     * not looked inside (a device's whole configuration costs the same with NACM as without).
     */
    private static ContainerNode untouchable(final NormalizedNode real) {
        return (ContainerNode) Proxy.newProxyInstance(ContainerNode.class.getClassLoader(),
            new Class<?>[] { ContainerNode.class }, (proxy, method, args) -> switch (method.getName()) {
                case "name" -> real.name();
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                case "toString" -> "untouchable " + real.name();
                default -> throw new AssertionError("NACM looked inside: " + method.getName());
            });
    }

    @Test
    void readableSubtreesAreNotWalked() {
        final NacmPolicy admin = policy("""
            {"name": "all", "group": ["ops"], "rule": [
              {"name": "permit-all", "access-operations": "*", "action": "permit"}]}""");
        final ContainerNode interfaces = untouchable(at(DATA, "/acme-itf:interfaces"));
        assertSame(interfaces, admin.access("olga", Set.of()).prune(dataPath("/acme-itf:interfaces"), interfaces)
            .orElseThrow());
        // a rule elsewhere does not make this subtree walked either, even from the root
        final NacmPolicy denyElsewhere = policy("""
            {"name": "l", "group": ["ops"], "rule": [
              {"name": "deny-shell", "path": "/acme-system:system/user/shell", "access-operations": "read",
               "action": "deny"}]}""");
        assertSame(interfaces, denyElsewhere.access("olga", Set.of()).prune(dataPath("/acme-itf:interfaces"),
            interfaces).orElseThrow());
        final ContainerNode root = ImmutableNodes.newContainerBuilder().withNodeIdentifier(DATA.name())
            .withChild(interfaces).withChild((DataContainerChild) at(DATA, "/acme-system:system")).build();
        final NormalizedNode pruned = denyElsewhere.access("olga", Set.of()).prune(dataPath("/"), root).orElseThrow();
        assertSame(interfaces, ((ContainerNode) pruned).childByArg(interfaces.name()));
    }

    @Test
    void aSubtreeWithoutRulesBelowIsNotCopiedEvenWhenRulesDenyElsewhere() {
        final NacmPolicy policy = policy("""
            {"name": "l", "group": ["ops"], "rule": [
              {"name": "deny-shell", "path": "/acme-system:system/user/shell", "access-operations": "read",
               "action": "deny"}]}""");
        final NormalizedNode interfaces = at(DATA, "/acme-itf:interfaces");
        assertSame(interfaces, read(policy, "olga", "/acme-itf:interfaces").orElseThrow());
        // from the root, only the branch with the rule is rebuilt; the others are the same objects
        final NormalizedNode root = read(policy, "olga", "/").orElseThrow();
        assertNotSame(DATA, root);
        assertSame(interfaces, NormalizedNodes.findNode(root, NacmTestSchema.path("/acme-itf:interfaces"))
            .orElseThrow());
    }

    @Test
    void aDeniedLeafIsPrunedWhenReadThroughItsParents() {
        final NacmPolicy policy = policy("""
            {"name": "l", "group": ["ops"], "rule": [
              {"name": "deny-shell", "path": "/acme-system:system/user/shell", "access-operations": "read",
               "action": "deny"}]}""");
        for (String from : new String[] { "/", "/acme-system:system", "/acme-system:system/user",
            "/acme-system:system/user=fred" }) {
            final NormalizedNode pruned = read(policy, "olga", from).orElseThrow();
            final YangInstanceIdentifier relative = relative(from, "/acme-system:system/user=fred/shell");
            final YangInstanceIdentifier fullName = relative(from, "/acme-system:system/user=fred/full-name");
            assertFalse(NormalizedNodes.findNode(pruned, relative).isPresent(), "shell read through " + from);
            assertTrue(NormalizedNodes.findNode(pruned, fullName).isPresent(), "full-name read through " + from);
        }
        assertEquals(Optional.empty(), read(policy, "olga", "/acme-system:system/user=fred/shell"));
    }

    /** The path of {@code target} below the node at {@code from}, as NormalizedNodes.findNode wants it. */
    private static YangInstanceIdentifier relative(final String from, final String target) {
        final var full = NacmTestSchema.path(target).getPathArguments();
        final int skip = from.equals("/") ? 0 : NacmTestSchema.path(from).getPathArguments().size();
        return YangInstanceIdentifier.of(full.subList(skip, full.size()));
    }

    @Test
    void defaultDenyAllLeavesAreHiddenFromUsersWithoutARule() {
        final NacmPolicy policy = policy("");
        final NormalizedNode system = read(policy, "olga", "/acme-system:system").orElseThrow();
        assertFalse(has(wrap(system), "/acme-system:system/secret-key"));
        assertTrue(has(wrap(system), "/acme-system:system/hostname"));
        // the nacm container itself carries default-deny-all: a root read leaves it out
        final NormalizedNode root = read(policy, "olga", "/").orElseThrow();
        assertTrue(has(root, "/acme-system:system/location"));
    }

    @Test
    void aModuleRuleCoversNodesThatModuleAugmentsIntoAnother() {
        final NacmPolicy policy = policy("""
            {"name": "l", "group": ["ops"], "rule": [
              {"name": "deny-ext", "module-name": "acme-ext", "access-operations": "read", "action": "deny"}]}""");
        final NormalizedNode interfaces = wrap(read(policy, "olga", "/acme-itf:interfaces").orElseThrow());
        assertFalse(has(interfaces, "/acme-itf:interfaces/interface=dummy/acme-ext:vlan"));
        assertFalse(has(interfaces, "/acme-itf:interfaces/interface=eth0/acme-ext:vlan"));
        assertTrue(has(interfaces, "/acme-itf:interfaces/interface=eth0/mtu"));
    }

    @Test
    void aKeyPredicateHidesOnlyThatEntry() {
        final NacmPolicy policy = policy("""
            {"name": "l", "group": ["ops"], "rule": [
              {"name": "deny-dummy", "path": "/acme-itf:interfaces/interface[name='dummy']",
               "access-operations": "read", "action": "deny"}]}""");
        final NormalizedNode interfaces = wrap(read(policy, "olga", "/acme-itf:interfaces").orElseThrow());
        assertFalse(has(interfaces, "/acme-itf:interfaces/interface=dummy"));
        assertTrue(has(interfaces, "/acme-itf:interfaces/interface=dummy2"));
        assertTrue(has(interfaces, "/acme-itf:interfaces/interface=eth0"));
    }

    @Test
    void underReadDefaultDenyTheWayToAPermittedNodeIsShownWithKeysOnly() {
        final NacmPolicy policy = policy("deny", "deny", """
            {"name": "l", "group": ["ops"], "rule": [
              {"name": "permit-mtu", "path": "/acme-itf:interfaces/interface/mtu", "access-operations": "read",
               "action": "permit"},
              {"name": "permit-config", "path": "/acme-netconf:acme-netconf/config-parameters",
               "access-operations": "read", "action": "permit"}]}""");
        final NormalizedNode root = read(policy, "olga", "/").orElseThrow();
        assertTrue(has(root, "/acme-itf:interfaces/interface=eth0/mtu"));
        assertTrue(has(root, "/acme-itf:interfaces/interface=eth0/name"));
        assertFalse(has(root, "/acme-itf:interfaces/interface=dummy/description"));
        assertFalse(has(root, "/acme-itf:interfaces/interface=eth0/acme-ext:vlan"));
        assertTrue(has(root, "/acme-netconf:acme-netconf/config-parameters/banner"));
        assertFalse(has(root, "/acme-netconf:acme-netconf/other"));
        assertFalse(has(root, "/acme-system:system"));
        // someone without rules sees nothing at all
        assertEquals(Optional.empty(), read(policy, "nobody", "/acme-itf:interfaces"));
    }

    @Test
    void rulesMatchThroughChoicesAndOnLeafListValues() {
        final NacmPolicy policy = policy("""
            {"name": "l", "group": ["ops"], "rule": [
              {"name": "deny-b1", "path": "/acme-system:system/beta/b1", "access-operations": "read",
               "action": "deny"},
              {"name": "deny-tag-a", "path": "/acme-system:system/tags[.='a']", "access-operations": "read",
               "action": "deny"}]}""");
        final NormalizedNode system = wrap(read(policy, "olga", "/acme-system:system").orElseThrow());
        assertFalse(has(system, "/acme-system:system/beta/b1"));
        assertTrue(has(system, "/acme-system:system/beta/b2"));
        assertFalse(has(system, "/acme-system:system/tags=a"));
        assertTrue(has(system, "/acme-system:system/tags=b"));
        assertEquals(NacmAction.DENY, policy.access("olga", Set.of())
            .data(dataPath("/acme-system:system/beta/b1"), NacmOperation.READ).action());
    }

    @Test
    void theUserVariableSelectsTheUsersOwnEntry() {
        final NacmPolicy policy = policy("deny", "deny", """
            {"name": "self", "group": ["*"], "rule": [
              {"name": "own-entry", "path": "/acme-system:system/user[name=$USER]", "access-operations": "*",
               "action": "permit"}]}""");
        final NormalizedNode users = wrap(read(policy, "fred", "/acme-system:system").orElseThrow());
        assertTrue(has(users, "/acme-system:system/user=fred/shell"));
        assertFalse(has(users, "/acme-system:system/user=wilma"));
        final NacmAccess wilma = policy.access("wilma", Set.of());
        assertTrue(wilma.data(dataPath("/acme-system:system/user=wilma/shell"), NacmOperation.UPDATE).permitted());
        assertFalse(wilma.data(dataPath("/acme-system:system/user=fred/shell"), NacmOperation.UPDATE).permitted());
    }

    /** Puts a pruned top-level node back under the root, so that full paths find its nodes. */
    private static NormalizedNode wrap(final NormalizedNode node) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(DATA.name())
            .withChild((DataContainerChild) node).build();
    }
}
