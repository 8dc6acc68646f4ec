/** {@link io.sextant.metrics.SextantMetrics} kept in a Prometheus Java client registry. */
package io.sextant.metrics.prometheus;
