package io.sextant.persistence;

import java.sql.Connection;

/**
 * One SQL transaction, handed to the work given to {@link Database#call} or {@link Database#run}.
 * Every repository method takes one, so several repositories' writes commit together or not at
 * all. Valid only inside that work.
 */
public final class Tx {
    private final Connection connection;

    Tx(final Connection connection) {
        this.connection = connection;
    }

    Connection connection() {
        return connection;
    }
}
