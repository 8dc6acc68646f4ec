package io.sextant.spi;

/** Undoes a registration. */
@FunctionalInterface
public interface Registration extends AutoCloseable {

    @Override
    void close();
}
