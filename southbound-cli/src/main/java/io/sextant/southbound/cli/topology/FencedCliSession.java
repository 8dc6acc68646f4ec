package io.sextant.southbound.cli.topology;

import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;
import java.util.function.IntUnaryOperator;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * A CLI session of a node whose lease this controller instance holds: configuration is sent only
 * while it still holds the lease in the term the session was opened in (the fencing rule), and so
 * is a raw exchange allowed into configuration mode; exec commands (reads) pass.
 */
final class FencedCliSession implements CliSession {
    private final String nodeId;
    private final CliSession session;
    private final BooleanSupplier owner;

    private FencedCliSession(final String nodeId, final CliSession session, final BooleanSupplier owner) {
        this.nodeId = nodeId;
        this.session = session;
        this.owner = owner;
    }

    /** {@code device} with its session fenced by {@code owner}. */
    static CliConnection fenced(final CliConnection device, final BooleanSupplier owner) {
        return new CliConnection(device.config(), device.deviceType(),
            new FencedCliSession(device.nodeId(), device.session(), owner));
    }

    @Override
    public CompletionStage<String> execute(final String command) {
        return session.execute(command);
    }

    @Override
    public CompletionStage<List<String>> execute(final List<String> commands) {
        return session.execute(commands);
    }

    @Override
    public CompletionStage<Void> configure(final List<String> lines) {
        return owner.getAsBoolean() ? session.configure(lines) : CompletableFuture.failedFuture(notOwner());
    }

    @Override
    public CompletionStage<List<CliCommandException>> configureAll(final List<String> lines,
            final IntUnaryOperator continueAfterRejection) {
        return owner.getAsBoolean() ? session.configureAll(lines, continueAfterRejection)
            : CompletableFuture.failedFuture(notOwner());
    }

    @Override
    public CompletionStage<List<CliStepOutput>> exchange(final List<CliStep> steps, final Duration timeout,
            final boolean configModeAllowed) {
        return !configModeAllowed || owner.getAsBoolean() ? session.exchange(steps, timeout, configModeAllowed)
            : CompletableFuture.failedFuture(notOwner());
    }

    private OperationErrorsException notOwner() {
        return OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED, "Node " + nodeId
            + " is owned by another controller instance now; nothing was sent to its device");
    }

    @Override
    public String prompt() {
        return session.prompt();
    }

    @Override
    public boolean isOpen() {
        return session.isOpen();
    }

    @Override
    public CompletionStage<Void> closeFuture() {
        return session.closeFuture();
    }

    @Override
    public void close() {
        session.close();
    }
}
