package io.sextant.metrics;

/** The devices of one southbound protocol, now. */
public record DeviceFigures(String protocol, int mounted, int connected, int setupsWaiting, int schemaContexts) {
}
