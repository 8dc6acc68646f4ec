package io.sextant.southbound.netconf;

/** A NETCONF configuration datastore (RFC 6241 section 5.1). */
public enum NetconfDatastore {
    RUNNING("running"),
    CANDIDATE("candidate"),
    STARTUP("startup");

    private final String elementName;

    NetconfDatastore(final String elementName) {
        this.elementName = elementName;
    }

    /** The element naming the datastore in {@code <source>} and {@code <target>}. */
    public String elementName() {
        return elementName;
    }
}
