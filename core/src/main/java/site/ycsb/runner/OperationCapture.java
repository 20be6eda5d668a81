package site.ycsb.runner;

import java.io.IOException;
import java.nio.file.Path;
import site.ycsb.Status;
import site.ycsb.measurements.Operation;
import site.ycsb.trace.CaptureWriter;
import site.ycsb.workloads.PlannedOperation;

/**
 * One worker's capture ({@code capture}): every operation it ends, one row each, written by the
 * worker's own thread from the one place an operation ends ({@link OperationCycle#end}), on both
 * paths. A file that cannot be written is reported once and the worker goes on without it.
 */
final class OperationCapture {
  private final Path file;
  private final RunWindow window;
  private final ErrorLog errors;
  final ValuesChecksum checksum = new ValuesChecksum();
  private CaptureWriter writer;

  OperationCapture(Path file, RunWindow window, ErrorLog errors) {
    this.file = file;
    this.window = window;
    this.errors = errors;
  }

  /** Opens the file, on the worker's thread. */
  void open() {
    try {
      writer = new CaptureWriter(file);
    } catch (IOException e) {
      errors.report("capture " + file, e);
    }
  }

  /** Writes the slot's operation, which has ended, and makes its capture ready for the next. */
  void write(OperationSlot s) {
    CapturedOperation c = s.captured;
    PlannedOperation op = s.op;
    try {
      if (writer == null || op.call() == null || c.firstStartNanos < 0) {
        // the workload failed before any call: there is no operation to show
        return;
      }
      long origin = window.phaseStartNanos();
      long intended = s.calls.intendedStart();
      Operation kind = op.compound() != null ? op.compound() : op.call();
      Status status = op.compound() != null ? op.compoundStatus() : s.status;
      writer.write(intended < 0 ? -1 : intended - origin, c.firstStartNanos - origin, s.endNanos - c.firstStartNanos,
          kind.label(), op.key(), c.fields, c.bytes, c.valuesChecksum, status == null ? "ERROR" : status.getName());
      writer.flushIfDue();
    } catch (IOException e) {
      errors.report("capture " + file, e);
      close();
    } finally {
      c.clear();
    }
  }

  /** Closes the file: every row written is in it, in whole blocks. */
  void close() {
    if (writer == null) {
      return;
    }
    try {
      writer.close();
    } catch (IOException e) {
      errors.report("capture " + file, e);
    }
    writer = null;
  }
}
