package io.sextant.translation.frr;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.NetworkInstanceSyntax;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ReadContext;
import java.util.List;
import java.util.regex.Pattern;

/**
 * FRR VRFs: {@code vrf NAME} ... {@code exit-vrf}, with nothing of their own to configure.
 *
 * <p>FRR 8.4 on a kernel without VRF devices keeps {@code vrf NAME} but prints it in the running
 * configuration only while it holds something; {@code show vrf} lists every configured VRF,
 * so VRFs are read from both.
 */
final class FrrNetworkInstances implements NetworkInstanceSyntax {

    @Override
    public List<String> vrfNames(final ReadContext ctx) throws OperationErrorsException {
        final List<String> names = FrrConfig.vrfNames(ctx.runningConfig(), ctx.show(FrrConfig.SHOW_VRF));
        names.forEach(vrf -> ctx.runningConfig().block(FrrConfig.VRF, vrf).ifPresent(ConfigLine::claim));
        return names;
    }

    @Override
    public Pattern vrfLine() {
        return FrrConfig.VRF;
    }

    @Override
    public Mode vrfMode(final String name) {
        return FrrConfig.vrfMode(name);
    }
}
