package io.sextant.southbound.netconf;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * What a device advertised in its {@code <hello>}: NETCONF protocol capabilities and YANG modules.
 *
 * @param all every capability URI, as advertised
 */
public record DeviceCapabilities(Set<String> all) {
    public static final String BASE_1_0 = "urn:ietf:params:netconf:base:1.0";
    public static final String BASE_1_1 = "urn:ietf:params:netconf:base:1.1";
    public static final String CANDIDATE = "urn:ietf:params:netconf:capability:candidate:1.0";
    public static final String CONFIRMED_COMMIT_1_0 = "urn:ietf:params:netconf:capability:confirmed-commit:1.0";
    public static final String CONFIRMED_COMMIT_1_1 = "urn:ietf:params:netconf:capability:confirmed-commit:1.1";
    public static final String WRITABLE_RUNNING = "urn:ietf:params:netconf:capability:writable-running:1.0";
    public static final String VALIDATE_1_0 = "urn:ietf:params:netconf:capability:validate:1.0";
    public static final String VALIDATE_1_1 = "urn:ietf:params:netconf:capability:validate:1.1";
    public static final String ROLLBACK_ON_ERROR = "urn:ietf:params:netconf:capability:rollback-on-error:1.0";
    public static final String STARTUP = "urn:ietf:params:netconf:capability:startup:1.0";
    public static final String WITH_DEFAULTS = "urn:ietf:params:netconf:capability:with-defaults:1.0";
    public static final String MONITORING_NS = "urn:ietf:params:xml:ns:yang:ietf-netconf-monitoring";

    /**
     * A YANG module advertised as {@code namespace?module=name&revision=date[&features=...][&deviations=...]}.
     *
     * @param capability the capability as advertised
     * @param namespace the module namespace
     * @param name module name
     * @param revision revision, null if not advertised
     * @param features features the device supports, as listed
     * @param deviations modules deviating this one
     */
    public record Module(String capability, String namespace, String name, @Nullable Revision revision,
            List<String> features, List<String> deviations) {
    }

    public DeviceCapabilities {
        all = Set.copyOf(new LinkedHashSet<>(all));
    }

    public boolean has(final String capability) {
        return all.contains(capability)
            || all.stream().anyMatch(c -> c.startsWith(capability + "?"));
    }

    public boolean hasCandidate() {
        return has(CANDIDATE);
    }

    public boolean hasConfirmedCommit() {
        return has(CONFIRMED_COMMIT_1_1) || has(CONFIRMED_COMMIT_1_0);
    }

    /** Whether the confirmed commit can outlive the session ({@code <persist>}, RFC 6241 :confirmed-commit:1.1). */
    public boolean hasPersistentConfirmedCommit() {
        return has(CONFIRMED_COMMIT_1_1);
    }

    public boolean hasWritableRunning() {
        return has(WRITABLE_RUNNING);
    }

    public boolean hasValidate() {
        return has(VALIDATE_1_1) || has(VALIDATE_1_0);
    }

    public boolean hasRollbackOnError() {
        return has(ROLLBACK_ON_ERROR);
    }

    public boolean hasStartup() {
        return has(STARTUP);
    }

    public boolean hasWithDefaults() {
        return has(WITH_DEFAULTS);
    }

    /** Whether the device serves {@code <get-schema>} (RFC 6022). */
    public boolean hasMonitoring() {
        return modules().stream().anyMatch(m -> m.name().equals("ietf-netconf-monitoring"));
    }

    /** The advertised capabilities that are not YANG modules. */
    public Set<String> protocolCapabilities() {
        final Set<String> result = new LinkedHashSet<>();
        for (String capability : all) {
            if (parseModule(capability).isEmpty()) {
                result.add(capability);
            }
        }
        return result;
    }

    /** The advertised YANG modules. */
    public List<Module> modules() {
        return all.stream().map(DeviceCapabilities::parseModule).flatMap(Optional::stream).toList();
    }

    /** The module a capability advertises, if it is a module capability. */
    public static Optional<Module> parseModule(final String capability) {
        final int query = capability.indexOf('?');
        if (query < 0) {
            return Optional.empty();
        }
        String name = null;
        Revision revision = null;
        List<String> features = List.of();
        List<String> deviations = List.of();
        for (String parameter : capability.substring(query + 1).split("&")) {
            final String param = parameter.startsWith("amp;") ? parameter.substring(4) : parameter;
            final int eq = param.indexOf('=');
            if (eq < 0) {
                continue;
            }
            final String key = param.substring(0, eq);
            final String value = param.substring(eq + 1);
            switch (key) {
                case "module" -> name = value;
                case "revision" -> revision = value.isEmpty() ? null : Revision.of(value);
                case "features" -> features = List.of(value.split(","));
                case "deviations" -> deviations = List.of(value.split(","));
                default -> {
                    // other parameters (module-set-id, ...) do not matter here
                }
            }
        }
        if (name == null || name.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Module(capability, capability.substring(0, query), name, revision, features,
            deviations));
    }
}
