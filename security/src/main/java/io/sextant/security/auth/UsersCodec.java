package io.sextant.security.auth;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** Converts the {@code sextant-users:users} container between yangtools data and {@link UserRecord}s. */
public final class UsersCodec {
    private UsersCodec() {
    }

    /** The users of the {@code users} container; none when it is absent ({@code null}). */
    public static List<UserRecord> fromNormalizedNode(final @Nullable NormalizedNode users) {
        final List<UserRecord> records = new ArrayList<>();
        if (users == null) {
            return records;
        }
        final ContainerNode container = (ContainerNode) users;
        final NormalizedNode list = container.childByArg(NodeIdentifier.create(UsersModel.USER));
        if (list instanceof MapNode map) {
            for (MapEntryNode entry : map.body()) {
                final String name = String.valueOf(entry.name().getValue(UsersModel.NAME));
                final NormalizedNode hash = entry.childByArg(NodeIdentifier.create(UsersModel.PASSWORD_HASH));
                final NormalizedNode enabled = entry.childByArg(NodeIdentifier.create(UsersModel.ENABLED));
                records.add(new UserRecord(name, hash == null ? null : String.valueOf(hash.body()),
                    enabled == null || Boolean.TRUE.equals(enabled.body())));
            }
        }
        return records;
    }

    public static ContainerNode toNormalizedNode(final List<UserRecord> records) {
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(UsersModel.USER));
        for (UserRecord record : records) {
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(UsersModel.USER, UsersModel.NAME, record.name()))
                .withChild(ImmutableNodes.leafNode(UsersModel.NAME, record.name()))
                .withChild(ImmutableNodes.leafNode(UsersModel.ENABLED, record.enabled()));
            if (record.passwordHash() != null) {
                entry.withChild(ImmutableNodes.leafNode(UsersModel.PASSWORD_HASH, record.passwordHash()));
            }
            list.withChild(entry.build());
        }
        final var users = ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(UsersModel.USERS));
        if (!records.isEmpty()) {
            users.withChild(list.build());
        }
        return users.build();
    }
}
