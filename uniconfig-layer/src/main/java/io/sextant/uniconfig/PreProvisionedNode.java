package io.sextant.uniconfig;

import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One pre-provisioning entry ({@code sextant-pre-provisioning:pre-provisioned/node}) waiting to be applied, with
 * its last failure.
 *
 * @param values the template's variables and the node's values
 * @param commit whether it is committed once applied
 * @param failure why the last attempt failed, with its time; null when none did
 */
public record PreProvisionedNode(String nodeId, String template, Map<String, String> values, boolean commit,
        @Nullable String failure) {
    public PreProvisionedNode {
        values = Map.copyOf(values);
    }
}
