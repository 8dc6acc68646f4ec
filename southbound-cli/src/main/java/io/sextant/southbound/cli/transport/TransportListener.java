package io.sextant.southbound.cli.transport;

import org.eclipse.jdt.annotation.Nullable;

/** Receives what a {@link CliTransport} reads. Called on transport threads. */
public interface TransportListener {

    void received(String text);

    /** The connection closed; {@code cause} is null when the close was asked for. */
    void closed(@Nullable Throwable cause);
}
