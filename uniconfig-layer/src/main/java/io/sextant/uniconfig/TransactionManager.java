package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * Open transactions by id. Idle transactions expire after their timeout and are discarded.
 *
 * <p>With several instances on one database, an id begins with the instance's id and
 * {@value #INSTANCE_SEPARATOR} ({@code sx1~3f9a...}): a transaction lives in the instance that
 * created it, and a load balancer sends the requests naming it there by that prefix (the
 * distribution's {@code etc/haproxy.cfg}).
 */
final class TransactionManager implements AutoCloseable {
    private final SecureRandom random = new SecureRandom();
    private final ConcurrentHashMap<String, IntentTransaction> open = new ConcurrentHashMap<>();
    /** Between the creating instance's id and the random part of a transaction id. */
    static final String INSTANCE_SEPARATOR = "~";

    private final Duration defaultIdleTimeout;
    private final String prefix;
    private final ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "sextant-transaction-reaper");
        thread.setDaemon(true);
        return thread;
    });

    /** Ids without the instance: a controller alone. */
    TransactionManager(final Duration defaultIdleTimeout) {
        this(defaultIdleTimeout, "");
    }

    /**
     * @param instanceId this instance's id, which begins every transaction id; empty for a controller alone
     */
    TransactionManager(final Duration defaultIdleTimeout, final String instanceId) {
        this.defaultIdleTimeout = defaultIdleTimeout;
        this.prefix = instanceId.isEmpty() ? "" : instanceId + INSTANCE_SEPARATOR;
        final long period = Math.max(100, Math.min(1000, defaultIdleTimeout.toMillis() / 4));
        reaper.scheduleWithFixedDelay(this::expire, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Open a transaction.
     *
     * @param idleTimeout how long it may stay unused; null for the default
     * @return its id
     */
    String create(final String user, final @Nullable Duration idleTimeout) {
        final byte[] bytes = new byte[12];
        random.nextBytes(bytes);
        final String id = prefix + HexFormat.of().formatHex(bytes);
        open.put(id, new IntentTransaction(id, user, (idleTimeout != null ? idleTimeout : defaultIdleTimeout)
            .toMillis()));
        return id;
    }

    /**
     * Run {@code action} in the transaction a request names (null in immediate mode). A
     * request naming a transaction that does not exist fails without running.
     */
    <T> CompletionStage<T> run(final RequestContext context,
            final Function<@Nullable IntentTransaction, CompletionStage<T>> action) {
        final IntentTransaction tx;
        try {
            tx = find(context);
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        return action.apply(tx);
    }

    /** The transaction a request runs in, or null in immediate mode. */
    @Nullable IntentTransaction find(final RequestContext context) throws OperationErrorsException {
        final String id = context.transactionId();
        if (id == null) {
            return null;
        }
        IntentTransaction tx = open.get(id);
        if (tx != null && tx.expired(System.currentTimeMillis()) && open.remove(id, tx)) {
            tx.discard();
            tx = null;
        }
        if (tx == null) {
            // 404: the resource named (the transaction) is not there; open transactions are not kept over a restart
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING,
                "Transaction " + id + " does not exist: it was closed, committed, expired after being idle, or "
                    + "opened before the controller restarted");
        }
        tx.used();
        return tx;
    }

    boolean close(final String id) {
        final IntentTransaction tx = open.remove(id);
        if (tx == null) {
            return false;
        }
        tx.discard();
        return true;
    }

    int openCount() {
        return open.size();
    }

    private void expire() {
        final long now = System.currentTimeMillis();
        open.values().removeIf(tx -> {
            if (tx.expired(now)) {
                tx.discard();
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
