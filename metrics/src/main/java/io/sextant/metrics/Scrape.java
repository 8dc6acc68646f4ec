package io.sextant.metrics;

/** The metrics written in one exposition format: the body of a {@code GET /metrics} answer. */
public record Scrape(String contentType, byte[] body) {
}
