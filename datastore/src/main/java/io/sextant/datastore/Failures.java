package io.sextant.datastore;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** What asynchronous failures really were. */
public final class Failures {
    private Failures() {
    }

    /** The cause inside the {@link CompletionException}s and {@link ExecutionException}s around a failure. */
    public static Throwable unwrap(final Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
