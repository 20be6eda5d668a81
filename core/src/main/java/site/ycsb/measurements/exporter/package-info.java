/**
 * Upstream's exporter class names ({@code TextMeasurementsExporter}, the JSON ones), kept so that
 * {@code exporter=...} settings written for upstream still work.
 */
package site.ycsb.measurements.exporter;
