package io.sextant.uniconfig;

import io.sextant.uniconfig.NodeResult.ErrorKind;

/** Thrown inside a node's stage to report a failure of that node only, with its error-type. */
final class NodeFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ErrorKind kind;

    NodeFailure(final ErrorKind kind, final String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    ErrorKind kind() {
        return kind;
    }
}
