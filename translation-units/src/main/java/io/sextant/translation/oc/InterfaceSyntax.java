package io.sextant.translation.oc;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.spi.ReadContext;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * What a CLI dialect says about interfaces, for {@link OcInterfaces}: the lines that differ
 * between devices. Descriptions ({@code description X}), {@code shutdown} and {@code mtu N} are
 * the same everywhere. The defaults describe a device whose interfaces are its configured ones,
 * with an MTU, where deleting an interface resets it.
 */
public interface InterfaceSyntax {

    /** The line opening an interface's block: group 1 its name. */
    Pattern interfaceLine();

    /** Interfaces the device has besides those with a block, in its order (the kernel's, say). */
    default List<String> unconfiguredInterfaces(final ReadContext ctx) throws OperationErrorsException {
        return List.of();
    }

    /** The OpenConfig type of an interface, from its name. */
    QName type(String name);

    /** Whether the device sets an interface's MTU ({@code mtu N}); if not, MTU changes are refused. */
    default boolean hasMtu() {
        return true;
    }

    /**
     * Refuse to create an interface the device cannot create.
     *
     * @throws OperationErrorsException {@code operation-not-supported} at {@code path}
     */
    default void checkCreate(final String name, final YangInstanceIdentifier path) throws OperationErrorsException {
        // every interface can be configured
    }

    /**
     * The line deleting an interface; empty when a deleted interface stays on the device and
     * deleting it resets its leaves instead.
     */
    default Optional<String> deleteLine(final String name) {
        return Optional.empty();
    }

    /** An IPv4 address line in an interface block: group 1 the address, group 2 its length or mask. */
    Pattern address();

    /** The prefix length of a matched {@link #address()} line. */
    int prefixLength(Matcher address);

    /**
     * The line adding an address; {@code no} and the same line removes it.
     *
     * @param primary whether it is the interface's primary address (devices with secondary
     *     addresses mark the others)
     */
    String addressLine(String ip, int prefixLength, boolean primary);

    /** A line in an interface block that only says the interface has no address, if the device prints one. */
    default Optional<Pattern> noAddress() {
        return Optional.empty();
    }
}
