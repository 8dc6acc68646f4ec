package io.sextant.translation.oc;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ReadContext;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a CLI dialect says about VRFs, for {@link OcNetworkInstances}. A VRF is deleted with
 * {@code no} and the command entering its mode. Its route distinguisher ({@code rd X}) and
 * description, where the device has them, are the same lines everywhere.
 */
public interface NetworkInstanceSyntax {

    /** The VRFs the device has, in its order, claiming the lines that make them. */
    List<String> vrfNames(ReadContext ctx) throws OperationErrorsException;

    /** The line opening a VRF's block: group 1 its name. */
    Pattern vrfLine();

    /** Whether VRFs have a route distinguisher and a description; if not, changing them is refused. */
    default boolean vrfHasRdAndDescription() {
        return false;
    }

    /** The mode of a VRF's settings. */
    Mode vrfMode(String name);

    /** The modes entering which creates a VRF: its own, and those inside it a VRF needs. */
    default List<Mode> vrfCreation(final String name) {
        return List.of(vrfMode(name));
    }
}
