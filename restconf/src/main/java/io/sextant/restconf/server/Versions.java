package io.sextant.restconf.server;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.hash.Hashing;
import io.sextant.restconf.api.ResourceVersion;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserLeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserMapNode;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.Composite;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;

/**
 * Entity tags and last-modified times of configuration resources (RFC 8040 sections 3.4.1.2,
 * 3.4.1.3 and 3.5). A resource's entity tag is a 64-bit hash of its configuration: whatever
 * data service holds it (the controller's store, a UniConfig intent, a device), equal
 * configuration gives an equal tag, and any change of it, or of configuration below it, a
 * different one. State data ({@code config false}) does not count.
 *
 * <p>Hashes of large subtrees are remembered by the identity of the subtree: stores that share
 * unchanged subtrees between versions (yangtools data trees) pay only for what changed. The
 * last-modified time is the time the server first saw a resource's current tag (at second
 * precision; a resource not asked about for a while counts as modified when it is next seen).
 */
final class Versions {
    /** Subtrees of at least this many nodes keep their hash. */
    private static final int REMEMBER_FROM = 256;
    /**
     * And so do the children of a list, leaf-list or container at least this wide, whatever their
     * size: a change of one of the 10,000 small entries of a topology then hashes that entry, not
     * all of them again.
     */
    private static final int WIDE = 64;
    private static final long NAME_SEED = 0x5ec7a11dL;

    private final Cache<NormalizedNode, Hash> hashes = CacheBuilder.newBuilder().weakKeys().maximumSize(200_000)
        .build();
    private final Cache<String, ResourceVersion> seen = CacheBuilder.newBuilder().maximumSize(20_000).build();
    private final ConcurrentHashMap<QName, Long> names = new ConcurrentHashMap<>();
    /** Nodes hashed so far (each node not found in {@link #hashes} counts once): what the tags cost. */
    private final LongAdder hashed = new LongAdder();
    private final Clock clock;

    Versions(final Clock clock) {
        this.clock = clock;
    }

    /**
     * The version of the resource {@code key} (a stable name of it, such as its api-path) whose
     * data is {@code data}, described by {@code schema}; empty when it is not configuration.
     */
    Optional<ResourceVersion> of(final String key, final NormalizedNode data, final DataSchemaContext schema) {
        if (!isConfig(schema)) {
            return Optional.empty();
        }
        final String tag = HexFormat.of().toHexDigits(hash(data, schema).value);
        final ResourceVersion known = seen.getIfPresent(key);
        if (known != null && known.entityTag().equals(tag)) {
            return Optional.of(known);
        }
        final ResourceVersion now = new ResourceVersion(tag, clock.instant().truncatedTo(ChronoUnit.SECONDS));
        seen.put(key, now);
        return Optional.of(now);
    }

    /** The entity tag {@link #of} gives {@code data}. */
    String tag(final NormalizedNode data, final DataSchemaContext schema) {
        return HexFormat.of().toHexDigits(hash(data, schema).value);
    }

    /** The last-modified time of {@code key} at {@code tag}: now, unless the server saw that tag before. */
    Instant lastModified(final String key, final String tag) {
        final ResourceVersion known = seen.getIfPresent(key);
        return known != null && known.entityTag().equals(tag) ? known.lastModified()
            : clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }

    /** How many nodes were hashed so far (a node whose hash was remembered is not hashed again). */
    long nodesHashed() {
        return hashed.sum();
    }

    static boolean isConfig(final DataSchemaContext schema) {
        final DataSchemaNode node = schema.dataSchemaNode();
        return node == null || node.effectiveConfig().orElse(Boolean.TRUE);
    }

    /** A hash and the number of nodes it covers. */
    private record Hash(long value, int nodes) {
    }

    private Hash hash(final NormalizedNode node, final DataSchemaContext schema) {
        return hash(node, schema, false);
    }

    /** @param remember whether to keep the hash whatever the size of {@code node} */
    private Hash hash(final NormalizedNode node, final DataSchemaContext schema, final boolean remember) {
        final Hash known = hashes.getIfPresent(node);
        if (known != null) {
            return known;
        }
        final long name = name(node.name().getNodeType());
        final Hash result;
        if (node instanceof LeafNode<?> leaf) {
            result = new Hash(mix(name ^ value(leaf.body())), 1);
        } else if (node instanceof LeafSetEntryNode<?> entry) {
            result = new Hash(mix(name ^ value(entry.body())), 1);
        } else if (node instanceof UserMapNode || node instanceof UserLeafSetNode<?> || node instanceof UnkeyedListNode) {
            result = children(name, (Collection<? extends NormalizedNode>) node.body(), schema, true);
        } else if (node instanceof MapNode || node instanceof LeafSetNode<?> || node instanceof DataContainerNode) {
            result = children(name, (Collection<? extends NormalizedNode>) node.body(), schema, false);
        } else {
            // anydata, anyxml: their value's own equality
            result = new Hash(mix(name ^ node.body().hashCode()), 1);
        }
        hashed.increment();
        if (result.nodes >= REMEMBER_FROM || remember && result.nodes > 1) {
            hashes.put(node, result);
        }
        return result;
    }

    private Hash children(final long name, final Collection<? extends NormalizedNode> children,
            final DataSchemaContext schema, final boolean ordered) {
        long acc = ordered ? 0 : name;
        int nodes = 1;
        final boolean wide = children.size() >= WIDE;
        for (NormalizedNode child : children) {
            final DataSchemaContext childSchema = schema instanceof Composite composite
                ? composite.childByArg(child.name()) : null;
            if (childSchema != null && !isConfig(childSchema)) {
                continue;
            }
            final Hash hash = hash(child, childSchema == null ? schema : childSchema, wide);
            nodes += hash.nodes;
            // ordered: position matters; unordered (containers, system-ordered lists): a sum does not
            acc = ordered ? mix(acc * 31 + hash.value) : acc + hash.value;
        }
        return new Hash(mix(name ^ mix(acc)), nodes);
    }

    private long name(final QName qname) {
        return names.computeIfAbsent(qname, q -> Hashing.murmur3_128((int) NAME_SEED)
            .hashUnencodedChars(q.toString()).asLong());
    }

    private static long value(final Object value) {
        final String text;
        if (value instanceof byte[] bytes) {
            text = Base64.getEncoder().encodeToString(bytes);
        } else if (value instanceof Set<?> bits) {
            final Set<String> sorted = new TreeSet<>();
            bits.forEach(bit -> sorted.add(String.valueOf(bit)));
            text = sorted.toString();
        } else {
            text = String.valueOf(value);
        }
        return Hashing.murmur3_128().hashUnencodedChars(text).asLong();
    }

    /** SplitMix64's finalizer: every input bit affects every output bit. */
    private static long mix(final long value) {
        long z = value + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
