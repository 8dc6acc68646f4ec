package io.sextant.southbound.cli.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Felix SCR finds a component's constructor among {@link Class#getConstructors()}, which come in
 * no fixed order, by the number of parameters alone: the activated constructor must be the only
 * public one with its number of parameters, or Karaf may pick the plain-Java one.
 */
class CliTopologyComponentTest {
    @Test
    void noTwoPublicConstructorsTakeAsManyParameters() {
        final List<Integer> counts = Stream.of(CliTopology.class.getConstructors())
            .map(Constructor::getParameterCount).sorted().toList();
        assertEquals(counts.stream().distinct().toList(), counts, "public constructors by parameter count: "
            + Arrays.toString(CliTopology.class.getConstructors()));
    }
}
