package io.sextant.southbound.cli.session;

import io.netty.util.concurrent.EventExecutor;
import io.sextant.datastore.Failures;
import io.sextant.datastore.OperationError;
import io.sextant.datastore.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
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
    private final CompletableFuture<CliSession> ready = new CompletableFuture<>();
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    private final ArrayDeque<Runnable> jobs = new ArrayDeque<>();
    private final List<String> unsentWrites = new ArrayList<>();

    private CliTransport transport;
    private CompletableFuture<CliEvent> inFlight;
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
                fail(failure(ErrorTag.OPERATION_FAILED, "No prompt from " + parameters.host() + ":"
                    + parameters.port() + " within " + parameters.commandTimeout().toMillis() + " ms"));
            }
        }, parameters.commandTimeout().toNanos(), TimeUnit.NANOSECONDS);
        return ready;
    }

    @Override
    public CompletionStage<String> execute(final String command) {
        return submit(() -> send(command).thenCompose(event -> {
            if (event instanceof CliEvent.DeviceError error) {
                return CompletableFuture.failedFuture(
                    new CliCommandException(command, -1, error.error(), error.output(), List.of()));
            }
            return CompletableFuture.completedFuture(((CliEvent.Reply) event).output());
        }));
    }

    @Override
    public CompletionStage<List<String>> execute(final List<String> commands) {
        return submit(() -> {
            final List<String> outputs = new ArrayList<>();
            CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
            for (String command : commands) {
                chain = chain.thenCompose(ignored -> send(command)).thenCompose(event -> {
                    if (event instanceof CliEvent.DeviceError error) {
                        return CompletableFuture.failedFuture(
                            new CliCommandException(command, -1, error.error(), error.output(), List.of()));
                    }
                    outputs.add(((CliEvent.Reply) event).output());
                    return CompletableFuture.completedFuture(null);
                });
            }
            return chain.thenApply(ignored -> List.copyOf(outputs));
        });
    }

    @Override
    public CompletionStage<Void> configure(final List<String> lines) {
        final List<String> batch = lines.stream().filter(line -> !line.isBlank()).toList();
        return submit(() -> send(dialect.configEnter()).thenCompose(entered -> {
            if (!(entered instanceof CliEvent.Reply reply) || !dialect.configPrompt().matcher(reply.prompt())
                    .matches()) {
                return CompletableFuture.failedFuture(failure(ErrorTag.OPERATION_FAILED,
                    "The device did not enter configuration mode on '" + dialect.configEnter() + "': "
                        + describe(entered)));
            }
            final CompletableFuture<Void> done = new CompletableFuture<>();
            sendLines(batch, 0, done);
            return done;
        }));
    }

    @Override
    public CompletionStage<List<CliCommandException>> configureAll(final List<String> lines,
            final IntUnaryOperator continueAfterRejection) {
        return submit(() -> send(dialect.configEnter()).thenCompose(entered -> {
            if (!(entered instanceof CliEvent.Reply reply) || !dialect.configPrompt().matcher(reply.prompt())
                    .matches()) {
                return CompletableFuture.failedFuture(failure(ErrorTag.OPERATION_FAILED,
                    "The device did not enter configuration mode on '" + dialect.configEnter() + "': "
                        + describe(entered)));
            }
            final List<CliCommandException> rejected = new ArrayList<>();
            final CompletableFuture<Void> sent = new CompletableFuture<>();
            sendAll(lines, 0, continueAfterRejection, rejected, sent);
            return sent.thenCompose(ignored -> {
                final CompletableFuture<Void> left = new CompletableFuture<>();
                leaveConfig(left, null);
                return left;
            }).thenApply(ignored -> List.copyOf(rejected));
        }));
    }

    private void sendAll(final List<String> lines, final int index, final IntUnaryOperator continueAfterRejection,
            final List<CliCommandException> rejected, final CompletableFuture<Void> done) {
        if (index >= lines.size()) {
            done.complete(null);
            return;
        }
        final String line = lines.get(index);
        if (line.isBlank()) {
            sendAll(lines, index + 1, continueAfterRejection, rejected, done);
            return;
        }
        send(line).whenComplete((event, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else if (event instanceof CliEvent.DeviceError failed) {
                rejected.add(new CliCommandException(line, index, failed.error(), failed.output(), List.of()));
                sendAll(lines, Math.max(index + 1, continueAfterRejection.applyAsInt(index)), continueAfterRejection,
                    rejected, done);
            } else {
                sendAll(lines, index + 1, continueAfterRejection, rejected, done);
            }
        });
    }

    /** Sends {@code batch[index..]} one by one; on the first rejection leaves config mode and fails. */
    private void sendLines(final List<String> batch, final int index, final CompletableFuture<Void> done) {
        if (index == batch.size()) {
            leaveConfig(done, null);
            return;
        }
        final String line = batch.get(index);
        send(line).whenComplete((event, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else if (event instanceof CliEvent.DeviceError rejected) {
                leaveConfig(done, new CliCommandException(line, index, rejected.error(), rejected.output(),
                    batch.subList(0, index)));
            } else {
                sendLines(batch, index + 1, done);
            }
        });
    }

    private void leaveConfig(final CompletableFuture<Void> done, final OperationErrorsException failure) {
        send(dialect.configExit()).whenComplete((event, error) -> {
            if (failure != null) {
                done.completeExceptionally(failure);
            } else if (error != null) {
                done.completeExceptionally(error);
            } else if (event instanceof CliEvent.DeviceError rejected) {
                done.completeExceptionally(new CliCommandException(dialect.configExit(), -1, rejected.error(),
                    rejected.output(), List.of()));
            } else {
                done.complete(null);
            }
        });
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
        loop.execute(() -> shutdown(Optional.empty()));
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
    public void closed(final Optional<Throwable> cause) {
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
    private CompletableFuture<CliEvent> send(final String line) {
        if (closed) {
            return CompletableFuture.failedFuture(closedFailure());
        }
        final CompletableFuture<CliEvent> reply = new CompletableFuture<>();
        inFlight = reply;
        lastActivityNanos = System.nanoTime();
        pipeline.send(new CliOutbound.Command(line, parameters.commandTimeout()));
        return reply;
    }

    private void write(final CliOutbound message) {
        final String text = message instanceof CliOutbound.Command command ? command.line() + "\n"
            : ((CliOutbound.Keys) message).text();
        if (transport == null) {
            unsentWrites.add(text);
        } else {
            transport.write(text);
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
            fail(failure(ErrorTag.OPERATION_FAILED, "The device at " + parameters.host() + ":" + parameters.port()
                + " did not answer '" + timeout.command() + "' within " + timeout.timeout().toMillis() + " ms"));
        } else if (event instanceof CliEvent.LoginFailed login) {
            fail(new OperationErrorsException(OperationError.of(ErrorType.TRANSPORT, ErrorTag.ACCESS_DENIED,
                "Login at " + parameters.host() + ":" + parameters.port() + " refused: " + login.message())));
        } else if (event instanceof CliEvent.Closed close) {
            shutdown(close.cause().map(cause -> failure(ErrorTag.OPERATION_FAILED, "Connection to "
                + parameters.host() + ":" + parameters.port() + " lost: " + cause.getMessage())));
        } else if (event instanceof CliEvent.Text text) {
            LOG.debug("{}: unprocessed text {}", this, text.text());
        }
    }

    private void answer(final CliEvent event) {
        if (inFlight != null) {
            final CompletableFuture<CliEvent> current = inFlight;
            inFlight = null;
            current.complete(event);
        } else if (!greeted && event instanceof CliEvent.Reply) {
            greeted = true;
            prepare();
        }
    }

    /** The first prompt arrived: run the dialect's setup commands, enable when needed. */
    private void prepare() {
        CompletableFuture<CliEvent> chain = CompletableFuture.completedFuture(null);
        for (String command : dialect.sessionSetup()) {
            chain = chain.thenCompose(previous -> checkSetup(command, send(command)));
        }
        chain.thenCompose(previous -> {
            if (prompt.endsWith(">") && dialect.enableCommand().isPresent()) {
                final String enable = dialect.enableCommand().orElseThrow();
                return checkSetup(enable, send(enable)).thenCompose(reply -> prompt.endsWith(">")
                    ? CompletableFuture.failedFuture(failure(ErrorTag.ACCESS_DENIED,
                        "'" + enable + "' did not reach privileged mode"))
                    : CompletableFuture.completedFuture(reply));
            }
            return CompletableFuture.completedFuture(previous);
        }).whenComplete((ignored, error) -> {
            if (error != null) {
                fail(asOperationFailure(error));
            } else if (!closed) {
                ready.complete(this);
                scheduleKeepalive();
                runNextJob();
            }
        });
    }

    private CompletableFuture<CliEvent> checkSetup(final String command, final CompletableFuture<CliEvent> sent) {
        return sent.thenCompose(event -> event instanceof CliEvent.DeviceError error
            ? CompletableFuture.failedFuture(new CliCommandException(command, -1, error.error(), error.output(),
                List.of()))
            : CompletableFuture.completedFuture(event));
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
                submit(() -> send("").thenApply(event -> null));
            }
            scheduleKeepalive();
        }, delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void fail(final OperationErrorsException cause) {
        shutdown(Optional.of(cause));
    }

    private void shutdown(final Optional<OperationErrorsException> cause) {
        if (closed) {
            return;
        }
        closed = true;
        final OperationErrorsException failure = cause.orElseGet(this::closedFailure);
        if (transport != null) {
            transport.close();
        }
        ready.completeExceptionally(failure);
        if (inFlight != null) {
            final CompletableFuture<CliEvent> current = inFlight;
            inFlight = null;
            current.completeExceptionally(failure);
        }
        // queued jobs see the closed flag through send() and fail
        final List<Runnable> pending = new ArrayList<>(jobs);
        jobs.clear();
        jobRunning = false;
        cause.ifPresentOrElse(closeFuture::completeExceptionally, () -> closeFuture.complete(null));
        pending.forEach(Runnable::run);
    }

    private OperationErrorsException closedFailure() {
        return failure(ErrorTag.OPERATION_FAILED, "The CLI session to " + parameters.host() + ":"
            + parameters.port() + " is closed");
    }

    private static OperationErrorsException failure(final ErrorTag tag, final String message) {
        return new OperationErrorsException(OperationError.of(ErrorType.TRANSPORT, tag, message));
    }

    private static String describe(final CliEvent event) {
        if (event instanceof CliEvent.Reply reply) {
            return "prompt " + reply.prompt();
        }
        return event instanceof CliEvent.DeviceError error ? error.error() : String.valueOf(event);
    }

    /** The failure as the operation's error: itself when it is one, else an operation-failed error with its message. */
    static OperationErrorsException asOperationFailure(final Throwable error) {
        final Throwable current = Failures.unwrap(error);
        if (current instanceof OperationErrorsException failure) {
            return failure;
        }
        return new OperationErrorsException(List.of(OperationError.of(ErrorType.APPLICATION,
            ErrorTag.OPERATION_FAILED, String.valueOf(current.getMessage()))), current);
    }
}
