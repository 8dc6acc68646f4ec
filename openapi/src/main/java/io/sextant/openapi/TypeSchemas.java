package io.sextant.openapi;

import static io.sextant.openapi.OpenApiNodes.ref;
import static io.sextant.openapi.SchemaDocument.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.IdentitySchemaNode;
import org.opendaylight.yangtools.yang.model.api.TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.BinaryTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.BitsTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.BooleanTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.DecimalTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.EmptyTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.EnumTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.IdentityrefTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Int64TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.LeafrefTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.LengthRestrictedTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.ModifierKind;
import org.opendaylight.yangtools.yang.model.api.type.PatternConstraint;
import org.opendaylight.yangtools.yang.model.api.type.RangeRestrictedTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.StringTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Uint64TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.UnionTypeDefinition;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * The JSON schemas of leaf values, following RFC 7951 section 6: 64-bit integers and
 * decimal64 are strings, enumerations and identityrefs enumerate their values
 * ({@code module:identity}, one shared component per base identity), unions are {@code anyOf}
 * their members, leafrefs take their target's type, empty is {@code [null]}.
 */
final class TypeSchemas {
    private final EffectiveModelContext schema;
    private final ModuleNames names;
    private final ObjectNode schemas;
    private final Set<String> identities = new HashSet<>();

    /**
     * @param schemas the document's component schemas, where identity components are added
     */
    TypeSchemas(final EffectiveModelContext schema, final ModuleNames names, final ObjectNode schemas) {
        this.schema = schema;
        this.names = names;
        this.schemas = schemas;
    }

    /** The JSON schema of a leaf's value ({@code stack} at the leaf, to resolve leafrefs). */
    ObjectNode of(final TypeDefinition<?> type, final SchemaInferenceStack stack) {
        final ObjectNode result = JSON.objectNode();
        if (type instanceof BooleanTypeDefinition) {
            result.put("type", "boolean");
        } else if (type instanceof Int64TypeDefinition) {
            result.put("type", "string").put("pattern", "^-?[0-9]+$");
            result.put("description", "int64, as a string (RFC 7951 6.1)");
        } else if (type instanceof Uint64TypeDefinition) {
            result.put("type", "string").put("pattern", "^[0-9]+$");
            result.put("description", "uint64, as a string (RFC 7951 6.1)");
        } else if (type instanceof DecimalTypeDefinition decimal) {
            result.put("type", "string").put("pattern", "^-?[0-9]+(\\.[0-9]{1," + decimal.getFractionDigits() + "})?$");
            result.put("description", "decimal64 with " + decimal.getFractionDigits()
                + " fraction digits, as a string (RFC 7951 6.1)");
        } else if (type instanceof RangeRestrictedTypeDefinition<?, ?> ranged) {
            // the other integer types: JSON numbers
            result.put("type", "integer");
            range(ranged, result);
        } else if (type instanceof StringTypeDefinition string) {
            result.put("type", "string");
            length(string, result);
            patterns(string.getPatternConstraints(), result);
        } else if (type instanceof EnumTypeDefinition enumeration) {
            result.put("type", "string");
            final ArrayNode values = result.putArray("enum");
            enumeration.getValues().forEach(pair -> values.add(pair.getName()));
        } else if (type instanceof BitsTypeDefinition bits) {
            result.put("type", "string");
            result.put("description", "Space-separated bits of: " + String.join(" ", bits.getBits().stream()
                .map(BitsTypeDefinition.Bit::getName).toList()));
        } else if (type instanceof BinaryTypeDefinition) {
            result.put("type", "string").put("format", "byte");
        } else if (type instanceof EmptyTypeDefinition) {
            result.put("type", "array").put("minItems", 1).put("maxItems", 1);
            result.putObject("items").put("nullable", true).putArray("enum").addNull();
            result.put("description", "empty: [null] (RFC 7951 6.9)");
        } else if (type instanceof IdentityrefTypeDefinition identityref) {
            return identityref.getIdentities().isEmpty() ? result.put("type", "string")
                : ref(identities(identityref.getIdentities().iterator().next()));
        } else if (type instanceof LeafrefTypeDefinition leafref) {
            try {
                return of(stack.resolveLeafref(leafref), stack);
            } catch (IllegalArgumentException | IllegalStateException e) {
                result.put("type", "string").put("description", "leafref " + leafref.getPathStatement());
            }
        } else if (type instanceof UnionTypeDefinition union) {
            // a value is valid when any member type takes it (RFC 7950 9.12): anyOf, not oneOf
            final ArrayNode members = result.putArray("anyOf");
            union.getTypes().forEach(member -> members.add(of(member, stack)));
        } else {
            // instance-identifier and anything else: a string
            result.put("type", "string");
        }
        return result;
    }

    private static void range(final RangeRestrictedTypeDefinition<?, ?> type, final ObjectNode result) {
        type.getRangeConstraint().ifPresent(range -> {
            final RangeSet<?> allowed = range.getAllowedRanges();
            if (!allowed.isEmpty()) {
                final Range<?> span = allowed.span();
                if (span.hasLowerBound()) {
                    result.put("minimum", ((Number) span.lowerEndpoint()).longValue());
                }
                if (span.hasUpperBound()) {
                    result.put("maximum", ((Number) span.upperEndpoint()).longValue());
                }
            }
        });
    }

    private static void length(final LengthRestrictedTypeDefinition<?> type, final ObjectNode result) {
        type.getLengthConstraint().ifPresent(length -> {
            final RangeSet<Integer> allowed = length.getAllowedRanges();
            if (!allowed.isEmpty()) {
                final Range<Integer> span = allowed.span();
                if (span.hasLowerBound() && span.lowerEndpoint() > 0) {
                    result.put("minLength", span.lowerEndpoint());
                }
                if (span.hasUpperBound() && span.upperEndpoint() < Integer.MAX_VALUE) {
                    result.put("maxLength", span.upperEndpoint());
                }
            }
        });
    }

    /**
     * YANG patterns (XSD regular expressions, implicitly anchored) as yangtools translates them
     * to Java; those using Unicode property classes, which ECMA-262 regular expressions without
     * the u flag do not have, and inverted ones are described instead.
     */
    private static void patterns(final List<PatternConstraint> patterns, final ObjectNode result) {
        final List<String> usable = new ArrayList<>();
        final List<String> described = new ArrayList<>();
        for (PatternConstraint pattern : patterns) {
            final String java = pattern.getJavaPatternString();
            if (pattern.getModifier().filter(ModifierKind.INVERT_MATCH::equals).isPresent() || java.contains("\\p{")
                    || java.contains("\\P{")) {
                described.add(pattern.getRegularExpressionString());
            } else {
                usable.add(java);
            }
        }
        if (usable.size() == 1) {
            result.put("pattern", usable.get(0));
        } else if (usable.size() > 1) {
            final ArrayNode all = result.putArray("allOf");
            usable.forEach(p -> all.addObject().put("pattern", p));
        }
        if (!described.isEmpty()) {
            result.put("description", "Also matches the YANG pattern(s): " + String.join(" ; ", described));
        }
    }

    /** The component enumerating the identities derived from {@code base}, added on first use. */
    private String identities(final IdentitySchemaNode base) {
        final String name = "identity." + names.of(base.getQName().getModule()) + "." + base.getQName()
            .getLocalName();
        if (identities.add(name)) {
            final Set<String> values = new TreeSet<>();
            final Deque<IdentitySchemaNode> todo = new ArrayDeque<>(schema.getDerivedIdentities(base));
            final Set<QName> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                final IdentitySchemaNode identity = todo.pop();
                if (seen.add(identity.getQName())) {
                    values.add(names.qualified(identity.getQName()));
                    todo.addAll(schema.getDerivedIdentities(identity));
                }
            }
            final ObjectNode component = schemas.putObject(name);
            component.put("type", "string");
            component.put("description", "An identity derived from " + names.qualified(base.getQName())
                + ", module-qualified (RFC 7951 6.8)");
            if (!values.isEmpty()) {
                final ArrayNode array = component.putArray("enum");
                values.forEach(array::add);
            }
        }
        return name;
    }
}
