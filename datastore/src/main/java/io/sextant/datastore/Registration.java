package io.sextant.datastore;

/** Undoes a registration. */
@FunctionalInterface
public interface Registration extends AutoCloseable {

    @Override
    void close();
}
