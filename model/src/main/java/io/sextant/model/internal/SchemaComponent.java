package io.sextant.model.internal;

import io.sextant.model.ControllerSchema;
import java.util.Map;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * In Karaf: parses the controller schema with the {@link YangParserFactory} that yangtools
 * publishes, and publishes the result as an {@link EffectiveModelContext} service with the
 * property {@value #PROPERTY}={@value #CONTROLLER}. Components that need the schema reference
 * that service; after this component is active, {@link ControllerSchema#get()} returns the same
 * instance too.
 */
@Component(immediate = true, service = {})
public final class SchemaComponent {
    public static final String PROPERTY = "sextant.schema";
    public static final String CONTROLLER = "controller";

    private final ServiceRegistration<EffectiveModelContext> registration;

    @Activate
    public SchemaComponent(@Reference final YangParserFactory parserFactory, final BundleContext bundleContext) {
        final EffectiveModelContext schema = ControllerSchema.get(parserFactory);
        registration = bundleContext.registerService(EffectiveModelContext.class, schema,
            FrameworkUtil.asDictionary(Map.of(PROPERTY, CONTROLLER)));
    }

    @Deactivate
    void deactivate() {
        registration.unregister();
    }
}
