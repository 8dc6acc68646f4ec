package io.sextant.southbound.cli.transport;

/** A byte stream to a device's CLI, carrying text. */
public interface CliTransport {

    /** Send text as typed; {@code \n} stands for the Enter key and is translated as the transport needs. */
    void write(String text);

    /** Close the connection; the listener is told. Idempotent. */
    void close();
}
