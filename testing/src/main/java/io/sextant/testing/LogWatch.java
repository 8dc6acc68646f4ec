package io.sextant.testing;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows a device's log file and runs an action when a chosen line appears: a fault trigger for
 * devices whose traffic cannot be read on the wire (netconfd behind SSH logs every RPC it starts
 * with {@code --log-level=debug}: {@code agt_rpc: <commit> for 3=user@127.0.0.1 (m:7)}).
 *
 * <p>The action runs on the watcher's thread shortly after the device wrote the line (the file is
 * polled every 2 ms), so it hits the device while or just after it handles that request; what the
 * device had really received by then is in the log before {@link Armed#offset()}.
 */
public final class LogWatch implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LogWatch.class);

    /** An armed watch: completes when the action ran. */
    public static final class Armed {
        private final Predicate<String> line;
        private final int occurrence;
        private final Runnable action;
        private final CompletableFuture<Instant> fired = new CompletableFuture<>();
        private int seen;
        private volatile long offset = -1;

        private Armed(final Predicate<String> line, final int occurrence, final Runnable action) {
            this.line = line;
            this.occurrence = occurrence;
            this.action = action;
        }

        public CompletableFuture<Instant> fired() {
            return fired;
        }

        /** The log's length right after the action ran (-1 before): what the device logged until the fault. */
        public long offset() {
            return offset;
        }
    }

    private final Path file;
    private final Thread thread;
    private final AtomicReference<Armed> armed = new AtomicReference<>();
    private volatile boolean closed;
    private long position;

    private LogWatch(final Path file) throws IOException {
        this.file = file;
        this.position = Files.exists(file) ? Files.size(file) : 0;
        this.thread = new Thread(this::follow, "log-watch-" + file.getFileName());
        thread.setDaemon(true);
    }

    /** Follow {@code file} from its current end. */
    public static LogWatch start(final Path file) throws IOException {
        final LogWatch watch = new LogWatch(file);
        watch.thread.start();
        return watch;
    }

    public Path file() {
        return file;
    }

    /** The log's current length. */
    public long length() {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Run {@code action} when the {@code occurrence}-th line matching {@code line} is written
     * from now on; replaces any armed watch.
     */
    public Armed arm(final Predicate<String> line, final int occurrence, final Runnable action) {
        Objects.requireNonNull(line);
        Objects.requireNonNull(action);
        final Armed handle = new Armed(line, occurrence, action);
        armed.set(handle);
        return handle;
    }

    public void disarm() {
        armed.set(null);
    }

    /** The text of the log between two offsets (for reading what a device logged around a fault). */
    public String text(final long from, final long to) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            final long end = Math.min(to, in.length());
            if (from >= end) {
                return "";
            }
            final byte[] bytes = new byte[(int) (end - from)];
            in.seek(from);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }

    private void follow() {
        final StringBuilder partial = new StringBuilder();
        while (!closed) {
            try {
                readNew(partial);
                Thread.sleep(2);
            } catch (InterruptedException e) {
                return;
            } catch (IOException e) {
                LOG.debug("Cannot read {}", file, e);
            }
        }
    }

    private void readNew(final StringBuilder partial) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        final long size = Files.size(file);
        if (size < position) {
            // a new file (the device restarted): read it from the start
            position = 0;
            partial.setLength(0);
        }
        if (size == position) {
            return;
        }
        final String text = text(position, size);
        position = size;
        partial.append(text);
        int newline;
        while ((newline = partial.indexOf("\n")) >= 0) {
            final String line = partial.substring(0, newline);
            partial.delete(0, newline + 1);
            final Armed current = armed.get();
            if (current != null && current.line.test(line) && ++current.seen == current.occurrence
                    && armed.compareAndSet(current, null)) {
                try {
                    current.action.run();
                } catch (RuntimeException e) {
                    LOG.warn("Action on {} failed", file, e);
                } finally {
                    current.offset = length();
                    current.fired.complete(Instant.now());
                }
            }
        }
    }
}
