/**
 * The controller's event streams (RFC 8040 section 6): {@link io.sextant.datastore.events.EventStreams}, an
 * in-process bus that the commit service, the node status and the southbounds publish YANG notifications to,
 * and that readers subscribe to with a bounded queue each. Publishing never blocks and never waits for a reader.
 */
package io.sextant.datastore.events;
