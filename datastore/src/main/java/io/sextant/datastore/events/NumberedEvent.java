package io.sextant.datastore.events;

/**
 * An event as its stream delivers it: with its number in the stream, which grows by one with each event the
 * stream carries since the bus was created ({@link EventStreams#id} makes an SSE event id of it).
 */
public record NumberedEvent(long sequence, Event event) {
}
