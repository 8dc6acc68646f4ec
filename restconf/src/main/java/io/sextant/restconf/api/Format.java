package io.sextant.restconf.api;

/** The two encodings of RESTCONF bodies. */
public enum Format {
    /** RFC 7951 JSON: application/yang-data+json. */
    JSON("application/yang-data+json"),
    /** RFC 7950 XML: application/yang-data+xml. */
    XML("application/yang-data+xml");

    private final String mediaType;

    Format(final String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }
}
