/**
 * What the controller counts and times, as the modules that do the work record it: RESTCONF
 * requests, commits and their phases, devices, the database. {@link io.sextant.metrics.SextantMetrics}
 * names no metrics library; {@link io.sextant.metrics.prometheus.PrometheusMetrics} keeps the
 * figures in a Prometheus registry and writes them for {@code GET /metrics}.
 */
package io.sextant.metrics;
