package site.ycsb.runner;

import java.util.function.IntSupplier;
import site.ycsb.generator.OperationRandom;
import site.ycsb.measurements.BindingRecording;

/**
 * What a worker's thread carries for it: the random source its operations draw from and the
 * route of the figures a binding records itself. Installed on the worker's own thread for the
 * phase, and for a while on a thread its part is handed to ({@link HandOver}).
 */
final class WorkerThreadState {
  private final OperationRandom source;
  private final BindingRecording.Route figures;

  WorkerThreadState(OperationRandom source, BindingRecording.Route figures) {
    this.source = source;
    this.figures = figures;
  }

  /** Installs it on the worker's own thread, until {@link #leave()}. */
  void enter() {
    source.installOnThisThread();
    BindingRecording.enter(figures);
  }

  /** Takes it off the worker's own thread. */
  void leave() {
    BindingRecording.leave();
    OperationRandom.removeFromThisThread();
  }

  /**
   * Runs part of the worker's work on the calling thread, which holds the worker's turn, with
   * this state installed, and gives the thread back what it had.
   *
   * @param part the work
   * @return what it returns
   */
  int on(IntSupplier part) {
    OperationRandom before = OperationRandom.swapOnThisThread(source);
    BindingRecording.Route route = BindingRecording.swap(figures);
    try {
      return part.getAsInt();
    } finally {
      BindingRecording.swap(route);
      OperationRandom.swapOnThisThread(before);
    }
  }
}
