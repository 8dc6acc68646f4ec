package io.sextant.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.translation.frr.FrrUnit;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TranslationUnitRegistryTest {
    private final DefaultTranslationUnitRegistry registry = DefaultTranslationUnitRegistry.withServiceLoader();

    @Test
    void unitsOnTheClassPathRegisterThemselves() {
        assertEquals(Optional.of("frr-8"), registry.find("frr", "8.4").map(TranslationUnit::name));
        assertEquals(Optional.of("ios-15"), registry.find("ios", "15.6").map(TranslationUnit::name));
        assertEquals(Optional.of("frr-8"), registry.find("frr", "").map(TranslationUnit::name));
    }

    @Test
    void versionsAndTypesNoUnitServesAreNotFound() {
        assertTrue(registry.find("frr", "7.5").isEmpty());
        assertTrue(registry.find("junos", "20.1").isEmpty());
        assertTrue(registry.resolve("ios", "12.4").isEmpty());
    }

    @Test
    void mountValidationLearnsTheUnitAndDialect() {
        assertEquals("frr-8", registry.resolve("frr", "8.4.4").orElseThrow().unit());
    }

    @Test
    void twoUnitsWithOneNameAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> registry.register(new FrrUnit()));
    }
}
