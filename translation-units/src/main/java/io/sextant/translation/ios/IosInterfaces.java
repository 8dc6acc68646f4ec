package io.sextant.translation.ios;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.InterfaceSyntax;
import io.sextant.translation.oc.OpenConfig.If;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * IOS interfaces: the configured ones, addresses as {@code ip address A MASK [secondary]}
 * ({@code no ip address} when there is none). Logical interfaces (Loopback, Tunnel, Vlan,
 * Port-channel, BVI) are created on demand and deleted with {@code no interface}; physical ones
 * cannot be created and are reset with {@code default interface}.
 */
final class IosInterfaces implements InterfaceSyntax {
    private static final Pattern NO_ADDRESS = Pattern.compile("no ip address");
    private static final Pattern ADDRESS = Pattern.compile(
        "ip address (\\d+\\.\\d+\\.\\d+\\.\\d+) (\\d+\\.\\d+\\.\\d+\\.\\d+)( secondary)?");
    private static final Pattern LOGICAL = Pattern.compile("(?i)(Loopback|Tunnel|Vlan|Port-channel|BVI)\\d.*");

    @Override
    public Pattern interfaceLine() {
        return IosConfig.INTERFACE;
    }

    @Override
    public QName type(final String name) {
        return name.startsWith("Loopback") ? If.LOOPBACK : If.ETHERNET;
    }

    @Override
    public void checkCreate(final String name, final YangInstanceIdentifier path) throws OperationErrorsException {
        if (!LOGICAL.matcher(name).matches()) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                "IOS has no interface " + name + "; only logical interfaces (Loopback, Tunnel, Vlan, "
                    + "Port-channel) can be created", path);
        }
    }

    @Override
    public Optional<String> deleteLine(final String name) {
        return Optional.of((LOGICAL.matcher(name).matches() ? "no interface " : "default interface ") + name);
    }

    @Override
    public Pattern address() {
        return ADDRESS;
    }

    @Override
    public int prefixLength(final Matcher address) {
        return IosConfig.prefixLength(address.group(2));
    }

    @Override
    public String addressLine(final String ip, final int prefixLength, final boolean primary) {
        return "ip address " + ip + " " + IosConfig.mask(prefixLength) + (primary ? "" : " secondary");
    }

    @Override
    public Optional<Pattern> noAddress() {
        return Optional.of(NO_ADDRESS);
    }
}
