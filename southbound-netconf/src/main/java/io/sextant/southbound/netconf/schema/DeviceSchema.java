package io.sextant.southbound.netconf.schema;

import io.sextant.southbound.netconf.UnavailableCapability;
import io.sextant.southbound.netconf.xml.DataCodec;
import java.util.List;
import java.util.Set;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A schema context built for one set of advertised modules, shared by every device advertising
 * that set, with the codec for its data.
 *
 * @param id short stable identifier of the module set
 * @param context the schema
 * @param codec XML codec for the schema
 * @param resolvedModules the advertised module capabilities that made it into the schema
 * @param unavailable the advertised modules that did not, with reasons
 */
public record DeviceSchema(String id, EffectiveModelContext context, DataCodec codec, Set<String> resolvedModules,
        List<UnavailableCapability> unavailable) {

    public DeviceSchema {
        resolvedModules = Set.copyOf(resolvedModules);
        unavailable = List.copyOf(unavailable);
    }
}
