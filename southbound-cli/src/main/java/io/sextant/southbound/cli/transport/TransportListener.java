package io.sextant.southbound.cli.transport;

import java.util.Optional;

/** Receives what a {@link CliTransport} reads. Called on transport threads. */
public interface TransportListener {

    void received(String text);

    /** The connection closed; {@code cause} is empty when the close was asked for. */
    void closed(Optional<Throwable> cause);
}
