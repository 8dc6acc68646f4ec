package io.sextant.translation;

import io.sextant.spi.Registration;
import io.sextant.southbound.cli.topology.CliDeviceType;
import io.sextant.southbound.cli.topology.CliDeviceTypes;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The translation units of the process. In Karaf, every {@link TranslationUnit} DS component
 * joins by itself; in plain Java, {@link #withServiceLoader()} finds the units listed in
 * {@code META-INF/services/io.sextant.translation.TranslationUnit}. Also tells the CLI
 * southbound which device types can be mounted.
 */
@Component(service = {TranslationUnitRegistry.class, CliDeviceTypes.class})
public final class DefaultTranslationUnitRegistry implements TranslationUnitRegistry, CliDeviceTypes {
    private final List<TranslationUnit> units = new CopyOnWriteArrayList<>();
    private final Map<String, UnitModel> models = new ConcurrentHashMap<>();
    private final UnitSchemas schemas;

    /** In OSGi, with the YANG parser service (yangtools' default parser is private to its bundle there). */
    @Activate
    public DefaultTranslationUnitRegistry(@Reference final YangParserFactory parser) {
        this(new UnitSchemas(parser));
    }

    // one-argument constructors other than the @Activate one would confuse Felix SCR
    private DefaultTranslationUnitRegistry(final UnitSchemas schemas) {
        this.schemas = schemas;
    }

    /** An empty registry (units arrive through {@link #register}) parsing schemas with {@code schemas}. */
    public static DefaultTranslationUnitRegistry of(final UnitSchemas schemas) {
        return new DefaultTranslationUnitRegistry(schemas);
    }

    /** A registry holding every unit on the class path. */
    public static DefaultTranslationUnitRegistry withServiceLoader() {
        final DefaultTranslationUnitRegistry registry = of(UnitSchemas.plainJava());
        for (TranslationUnit unit : ServiceLoader.load(TranslationUnit.class,
                DefaultTranslationUnitRegistry.class.getClassLoader())) {
            registry.register(unit);
        }
        return registry;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addUnit(final TranslationUnit unit) {
        register(unit);
    }

    void removeUnit(final TranslationUnit unit) {
        units.remove(unit);
        models.remove(unit.name());
    }

    @Override
    public synchronized Registration register(final TranslationUnit unit) {
        if (byName(unit.name()).isPresent()) {
            throw new IllegalArgumentException("A translation unit named " + unit.name() + " is already registered");
        }
        units.add(unit);
        return () -> removeUnit(unit);
    }

    @Override
    public UnitModel model(final TranslationUnit unit) {
        return models.computeIfAbsent(unit.name(), name -> new UnitModel(unit, schemas));
    }

    @Override
    public Optional<TranslationUnit> find(final String deviceType, final String version) {
        return units.stream()
            .filter(unit -> unit.deviceType().equals(deviceType) && unit.supportsVersion(version))
            .findFirst();
    }

    @Override
    public Optional<TranslationUnit> byName(final String name) {
        return units.stream().filter(unit -> unit.name().equals(name)).findFirst();
    }

    @Override
    public Collection<TranslationUnit> units() {
        return List.copyOf(units);
    }

    @Override
    public Optional<CliDeviceType> resolve(final String deviceType, final String deviceVersion) {
        return find(deviceType, deviceVersion).map(unit -> new CliDeviceType(unit.name(), unit.dialect()));
    }
}
