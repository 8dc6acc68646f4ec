package io.sextant.uniconfig;

import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.service.RequestContext;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * Open transactions by id. Idle transactions expire after their timeout and are discarded.
 */
final class TransactionManager implements AutoCloseable {
    private final SecureRandom random = new SecureRandom();
    private final ConcurrentHashMap<String, IntentTransaction> open = new ConcurrentHashMap<>();
    private final Duration defaultIdleTimeout;
    private final ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "sextant-transaction-reaper");
        thread.setDaemon(true);
        return thread;
    });

    TransactionManager(final Duration defaultIdleTimeout) {
        this.defaultIdleTimeout = defaultIdleTimeout;
        final long period = Math.max(100, Math.min(1000, defaultIdleTimeout.toMillis() / 4));
        reaper.scheduleWithFixedDelay(this::expire, period, period, TimeUnit.MILLISECONDS);
    }

    IntentTransaction create(final String user, final Optional<Duration> idleTimeout) {
        final byte[] bytes = new byte[12];
        random.nextBytes(bytes);
        final String id = HexFormat.of().formatHex(bytes);
        final IntentTransaction tx = new IntentTransaction(id, user, idleTimeout.orElse(defaultIdleTimeout).toMillis());
        open.put(id, tx);
        return tx;
    }

    /** The transaction a request runs in, or empty in immediate mode. */
    Optional<IntentTransaction> of(final RequestContext context) throws OperationFailedException {
        if (context.transactionId().isEmpty()) {
            return Optional.empty();
        }
        final String id = context.transactionId().orElseThrow();
        IntentTransaction tx = open.get(id);
        if (tx != null && tx.expired(System.currentTimeMillis()) && open.remove(id, tx)) {
            synchronized (tx) {
                tx.discard();
            }
            tx = null;
        }
        if (tx == null) {
            throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "Transaction " + id + " does not exist: it was closed, committed or expired after being idle");
        }
        tx.used();
        return Optional.of(tx);
    }

    boolean close(final String id) {
        final IntentTransaction tx = open.remove(id);
        if (tx == null) {
            return false;
        }
        synchronized (tx) {
            tx.discard();
        }
        return true;
    }

    int openCount() {
        return open.size();
    }

    private void expire() {
        final long now = System.currentTimeMillis();
        open.values().removeIf(tx -> {
            if (tx.expired(now)) {
                synchronized (tx) {
                    tx.discard();
                }
                return true;
            }
            return false;
        });
    }

    @Override
    public void close() {
        reaper.shutdownNow();
        open.values().forEach(IntentTransaction::discard);
        open.clear();
    }
}
