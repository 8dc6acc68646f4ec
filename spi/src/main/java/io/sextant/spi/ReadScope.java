package io.sextant.spi;

/** Which data a read returns: the RESTCONF {@code content} parameter. */
public enum ReadScope {
    /** content=config: configuration data only. */
    CONFIG,
    /** content=nonconfig: state data only (for UniConfig nodes, the actual configuration). */
    NONCONFIG,
    /** content=all: both, merged. */
    ALL
}
