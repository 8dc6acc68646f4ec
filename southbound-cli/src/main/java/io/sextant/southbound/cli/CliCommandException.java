package io.sextant.southbound.cli;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import java.util.List;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * The device rejected a command. The message is the device's own error text; error-info names
 * the command (and, inside a configuration batch, its position).
 */
public final class CliCommandException extends OperationErrorsException {
    private static final long serialVersionUID = 1L;

    private final String command;
    private final int lineIndex;
    private final String deviceError;
    private final String deviceOutput;
    private final transient List<String> appliedLines;

    /**
     * @param command the rejected command
     * @param lineIndex its zero-based index in a configuration batch, -1 for an exec command
     * @param deviceError the device's error line, for example {@code % Unknown command: foo}
     * @param deviceOutput everything the device printed for the command
     * @param appliedLines the lines of the batch the device accepted before this one
     */
    public CliCommandException(final String command, final int lineIndex, final String deviceError,
            final String deviceOutput, final List<String> appliedLines) {
        super(List.of(new OperationError(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, deviceError,
            null, null, describe(command, lineIndex))));
        this.command = command;
        this.lineIndex = lineIndex;
        this.deviceError = deviceError;
        this.deviceOutput = deviceOutput;
        this.appliedLines = List.copyOf(appliedLines);
    }

    private static String describe(final String command, final int lineIndex) {
        return lineIndex < 0 ? "command: " + command : "line " + (lineIndex + 1) + ": " + command;
    }

    public String command() {
        return command;
    }

    /** Zero-based index of the command in its configuration batch, -1 outside of one. */
    public int lineIndex() {
        return lineIndex;
    }

    /** The device's error text (also the exception message). */
    public String deviceError() {
        return deviceError;
    }

    public String deviceOutput() {
        return deviceOutput;
    }

    /** The lines of the batch applied before the rejected one. */
    public List<String> appliedLines() {
        return appliedLines;
    }
}
