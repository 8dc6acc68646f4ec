package io.sextant.southbound.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Felix SCR finds a component's constructor among {@link Class#getConstructors()}, which come in
 * no fixed order, by the number of parameters alone. With two public constructors of that many
 * parameters, Karaf picked the plain-Java one now and then and logged "Constructor argument 3 in
 * class NetconfTopology has unsupported type NetconfSettings".
 */
class NetconfTopologyComponentTest {
    @Test
    void noTwoPublicConstructorsTakeAsManyParameters() {
        final List<Integer> counts = Stream.of(NetconfTopology.class.getConstructors())
            .map(Constructor::getParameterCount).sorted().toList();
        assertEquals(counts.stream().distinct().toList(), counts, "public constructors by parameter count: "
            + Arrays.toString(NetconfTopology.class.getConstructors()));
    }
}
