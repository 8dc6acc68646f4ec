package io.sextant.southbound.cli.session;

import static io.sextant.southbound.cli.session.CliFailures.asOperationFailure;
import static io.sextant.southbound.cli.session.CliFailures.transport;

import io.netty.util.concurrent.EventExecutor;
import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import io.sextant.southbound.cli.pipeline.CliEvent;
import io.sextant.southbound.cli.pipeline.CliHandler;
import io.sextant.southbound.cli.pipeline.CliOutbound;
import io.sextant.southbound.cli.pipeline.CliPipeline;
import io.sextant.southbound.cli.pipeline.EchoHandler;
import io.sextant.southbound.cli.pipeline.ErrorHandler;
import io.sextant.southbound.cli.pipeline.LoginHandler;
import io.sextant.southbound.cli.pipeline.PagingHandler;
import io.sextant.southbound.cli.pipeline.PromptHandler;
import io.sextant.southbound.cli.pipeline.TimeoutHandler;
import io.sextant.southbound.cli.transport.CliTransport;
import io.sextant.southbound.cli.transport.TransportListener;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link CliSession} at the tail of a {@link CliPipeline}. All state lives on one event loop
 * thread: transport callbacks, command submissions and timers are posted to it. Jobs (one
 * command, or a whole configuration batch) run strictly one after another.
 */
final class DefaultCliSession implements CliSession, TransportListener {
    private static final Logger LOG = LoggerFactory.getLogger(DefaultCliSession.class);

    private final CliSessionParameters parameters;
    private final CliDialect dialect;
    private final EventExecutor loop;
    private final CliPipeline pipeline;
    private final CliDialogues dialogues;
    private final CompletableFuture<CliSession> ready = new CompletableFuture<>();
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    private final ArrayDeque<Runnable> jobs = new ArrayDeque<>();
    private final List<String> unsentWrites = new ArrayList<>();

    private @Nullable CliTransport transport;
    private @Nullable CompletableFuture<CliEvent> inFlight;
    private boolean jobRunning;
    private boolean greeted;
    private boolean closed;
    private long lastActivityNanos = System.nanoTime();
    private volatile String prompt = "";

    DefaultCliSession(final CliSessionParameters parameters, final EventExecutor loop) {
        this.parameters = parameters;
        this.dialect = parameters.dialect();
        this.loop = loop;
        final List<CliHandler> handlers = List.of(
            new LoginHandler(parameters.username(), parameters.password()),
            new PagingHandler(dialect.more()),
            new PromptHandler(dialect.prompt()),
            new EchoHandler(),
            new ErrorHandler(dialect.errors(), dialect.configErrors(), dialect.configPrompt()),
            new TimeoutHandler());
        this.pipeline = new CliPipeline(handlers, this::write, this::onEvent, (task, delay) -> {
            final var future = loop.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
            return () -> future.cancel(false);
        });
        this.dialogues = new CliDialogues(dialect, new CliDialogues.Commands() {
            @Override
            public CompletableFuture<CliEvent> send(final String line) {
                return DefaultCliSession.this.send(line, null, parameters.commandTimeout());
            }

            @Override
            public CompletableFuture<CliEvent> send(final String line, final @Nullable Pattern expect,
                    final Duration timeout) {
                return DefaultCliSession.this.send(line, expect, timeout);
            }

            @Override
            public String prompt() {
                return prompt;
            }
        });
    }

    /**
     * Wait for the transport and the device's first prompt, then prepare the session.
     *
     * @return completes with this session when it is ready for commands
     */
    CompletionStage<CliSession> start(final CompletionStage<CliTransport> transportStage) {
        transportStage.whenComplete((opened, error) -> loop.execute(() -> {
            if (error != null) {
                fail(asOperationFailure(error));
            } else if (closed) {
                opened.close();
            } else {
                transport = opened;
                unsentWrites.forEach(opened::write);
                unsentWrites.clear();
            }
        }));
        // the first prompt must come within one command timeout; setup commands have their own
        loop.schedule(() -> {
            if (!greeted) {
                fail(transport(ErrorTag.OPERATION_FAILED, "No prompt from " + parameters.host() + ":"
                    + parameters.port() + " within " + parameters.commandTimeout().toMillis() + " ms"));
            }
        }, parameters.commandTimeout().toNanos(), TimeUnit.NANOSECONDS);
        return ready;
    }

    @Override
    public CompletionStage<String> execute(final String command) {
        return submit(() -> dialogues.command(command));
    }

    @Override
    public CompletionStage<List<String>> execute(final List<String> commands) {
        return submit(() -> dialogues.commands(commands));
    }

    @Override
    public CompletionStage<Void> configure(final List<String> lines) {
        return submit(() -> dialogues.configure(lines));
    }

    @Override
    public CompletionStage<List<CliCommandException>> configureAll(final List<String> lines,
            final IntUnaryOperator continueAfterRejection) {
        return submit(() -> dialogues.configureAll(lines, continueAfterRejection));
    }

    @Override
    public CompletionStage<List<CliStepOutput>> exchange(final List<CliStep> steps, final Duration timeout,
            final boolean configModeAllowed) {
        return submit(() -> dialogues.exchange(steps, timeout, configModeAllowed));
    }

    @Override
    public String prompt() {
        return prompt;
    }

    @Override
    public boolean isOpen() {
        return ready.isDone() && !ready.isCompletedExceptionally() && !closeFuture.isDone();
    }

    @Override
    public CompletionStage<Void> closeFuture() {
        return closeFuture;
    }

    @Override
    public void close() {
        loop.execute(() -> shutdown(null));
    }

    @Override
    public String toString() {
        return "CliSession[" + parameters.transport().yangName() + "://" + parameters.host() + ":"
            + parameters.port() + " " + prompt + "]";
    }

    // TransportListener: called on transport threads

    @Override
    public void received(final String text) {
        loop.execute(() -> {
            lastActivityNanos = System.nanoTime();
            if (!closed) {
                pipeline.received(text);
            }
        });
    }

    @Override
    public void closed(final @Nullable Throwable cause) {
        loop.execute(() -> pipeline.closed(cause));
    }

    // everything below runs on the loop

    private <T> CompletionStage<T> submit(final Supplier<CompletionStage<T>> job) {
        final CompletableFuture<T> result = new CompletableFuture<>();
        loop.execute(() -> {
            if (closed) {
                result.completeExceptionally(closedFailure());
                return;
            }
            jobs.add(() -> job.get().whenComplete((value, error) -> {
                if (error != null) {
                    result.completeExceptionally(asOperationFailure(error));
                } else {
                    result.complete(value);
                }
                jobRunning = false;
                runNextJob();
            }));
            runNextJob();
        });
        return result;
    }

    private void runNextJob() {
        if (jobRunning || !ready.isDone() || closed) {
            return;
        }
        final Runnable next = jobs.poll();
        if (next != null) {
            jobRunning = true;
            next.run();
        }
    }

    /** Send one command; completes with its {@link CliEvent.Reply} or {@link CliEvent.DeviceError}. */
    private CompletableFuture<CliEvent> send(final String line, final @Nullable Pattern expect,
            final Duration timeout) {
        if (closed) {
            return CompletableFuture.failedFuture(closedFailure());
        }
        final CompletableFuture<CliEvent> reply = new CompletableFuture<>();
        inFlight = reply;
        lastActivityNanos = System.nanoTime();
        pipeline.send(new CliOutbound.Command(line, timeout, expect));
        return reply;
    }

    private void write(final CliOutbound message) {
        final String text = message instanceof CliOutbound.Command command ? command.line() + "\n"
            : ((CliOutbound.Keys) message).text();
        final CliTransport open = transport;
        if (open == null) {
            unsentWrites.add(text);
        } else {
            open.write(text);
        }
    }

    private void onEvent(final CliEvent event) {
        if (event instanceof CliEvent.Reply reply) {
            prompt = reply.prompt();
            answer(reply);
        } else if (event instanceof CliEvent.DeviceError error) {
            prompt = error.prompt();
            answer(error);
        } else if (event instanceof CliEvent.TimedOut timeout) {
            fail(transport(ErrorTag.OPERATION_FAILED, "The device at " + parameters.host() + ":" + parameters.port()
                + " did not answer '" + timeout.command() + "' within " + timeout.timeout().toMillis() + " ms"));
        } else if (event instanceof CliEvent.LoginFailed login) {
            fail(transport(ErrorTag.ACCESS_DENIED, "Login at " + parameters.host() + ":" + parameters.port()
                + " refused: " + login.message()));
        } else if (event instanceof CliEvent.Closed close) {
            final Throwable cause = close.cause();
            shutdown(cause == null ? null : transport(ErrorTag.OPERATION_FAILED, "Connection to "
                + parameters.host() + ":" + parameters.port() + " lost: " + cause.getMessage()));
        } else if (event instanceof CliEvent.Text text) {
            LOG.debug("{}: unprocessed text {}", this, text.text());
        }
    }

    private void answer(final CliEvent event) {
        final CompletableFuture<CliEvent> current = inFlight;
        if (current != null) {
            inFlight = null;
            current.complete(event);
        } else if (!greeted && event instanceof CliEvent.Reply) {
            greeted = true;
            prepare();
        }
    }

    /** The first prompt arrived: run the dialect's setup commands, enable when needed. */
    private void prepare() {
        dialogues.setup().whenComplete((ignored, error) -> {
            if (error != null) {
                fail(asOperationFailure(error));
            } else if (!closed) {
                ready.complete(this);
                scheduleKeepalive();
                runNextJob();
            }
        });
    }

    private void scheduleKeepalive() {
        final Duration delay = parameters.keepaliveDelay();
        if (delay.isZero() || delay.isNegative() || closed) {
            return;
        }
        loop.schedule(() -> {
            if (closed) {
                return;
            }
            final long idle = System.nanoTime() - lastActivityNanos;
            if (!jobRunning && jobs.isEmpty() && idle >= delay.toNanos()) {
                // an empty line must bring the prompt back; a silent device times out and the session closes
                submit(() -> send("", null, parameters.commandTimeout()).thenApply(event -> null));
            }
            scheduleKeepalive();
        }, delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void fail(final OperationErrorsException cause) {
        shutdown(cause);
    }

    /** Closes the session; {@code cause} is why, or {@code null} when it was closed on purpose. */
    private void shutdown(final @Nullable OperationErrorsException cause) {
        if (closed) {
            return;
        }
        closed = true;
        final OperationErrorsException failure = cause != null ? cause : closedFailure();
        final CliTransport open = transport;
        if (open != null) {
            open.close();
        }
        ready.completeExceptionally(failure);
        final CompletableFuture<CliEvent> current = inFlight;
        if (current != null) {
            inFlight = null;
            current.completeExceptionally(failure);
        }
        // queued jobs see the closed flag through send() and fail
        final List<Runnable> pending = new ArrayList<>(jobs);
        jobs.clear();
        jobRunning = false;
        if (cause != null) {
            closeFuture.completeExceptionally(cause);
        } else {
            closeFuture.complete(null);
        }
        pending.forEach(Runnable::run);
    }

    private OperationErrorsException closedFailure() {
        return transport(ErrorTag.OPERATION_FAILED, "The CLI session to " + parameters.host() + ":"
            + parameters.port() + " is closed");
    }
}
