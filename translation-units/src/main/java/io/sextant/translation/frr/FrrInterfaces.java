package io.sextant.translation.frr;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.InterfaceSyntax;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.spi.ReadContext;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * FRR interfaces: the kernel's ({@code show interface brief}) and the configured ones, addresses
 * as {@code ip address A/LEN}. zebra has no MTU command. An interface is the kernel's: FRR keeps
 * the configuration of interfaces that do not exist yet, and deleting one resets it.
 */
final class FrrInterfaces implements InterfaceSyntax {
    private static final Pattern ADDRESS = Pattern.compile("ip address (\\d+\\.\\d+\\.\\d+\\.\\d+)/(\\d+)");

    @Override
    public Pattern interfaceLine() {
        return FrrConfig.INTERFACE;
    }

    @Override
    public List<String> unconfiguredInterfaces(final ReadContext ctx) throws OperationErrorsException {
        return FrrConfig.kernelInterfaces(ctx.show(FrrConfig.SHOW_INTERFACES));
    }

    @Override
    public QName type(final String name) {
        return name.equals("lo") ? If.LOOPBACK : If.ETHERNET;
    }

    @Override
    public boolean hasMtu() {
        return false;
    }

    @Override
    public Pattern address() {
        return ADDRESS;
    }

    @Override
    public int prefixLength(final Matcher address) {
        return Integer.parseInt(address.group(2));
    }

    @Override
    public String addressLine(final String ip, final int prefixLength, final boolean primary) {
        return "ip address " + ip + "/" + prefixLength;
    }
}
