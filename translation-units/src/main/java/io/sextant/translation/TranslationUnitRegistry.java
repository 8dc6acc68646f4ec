package io.sextant.translation;

import io.sextant.spi.Registration;
import java.util.Collection;
import java.util.Optional;

/** The translation units present; units are found by device type and version, or by name. */
public interface TranslationUnitRegistry {

    /** The first registered unit of {@code deviceType} that serves {@code version}. */
    Optional<TranslationUnit> find(String deviceType, String version);

    Optional<TranslationUnit> byName(String name);

    Collection<TranslationUnit> units();

    /**
     * The unit made usable (schema, handlers checked against it), built once per unit.
     *
     * @throws IllegalArgumentException when the unit's modules or handlers do not fit
     */
    UnitModel model(TranslationUnit unit);

    /** Add a unit; fails when another unit already has its name. */
    Registration register(TranslationUnit unit);
}
