package site.ycsb.db.redis;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CompleteableCommand;
import io.lettuce.core.protocol.ProtocolKeyword;
import io.lettuce.core.protocol.RedisCommand;
import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.CancellationException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import site.ycsb.Status;

/**
 * One Redis command handed to a Lettuce connection, which is also its own reply decoder: it writes
 * itself in RESP ({@link #encode}) and takes the reply's parts as Lettuce's decoder reads them. Compared
 * with Lettuce's own commands this spares, per command, the argument list and its wrappers, a
 * separate output object, and the intermediate Java collections of the reply.
 *
 * <p>It completes exactly once: with a reply ({@link #replied()}, on the connection's I/O thread),
 * or without one ({@link #failed}: a timeout, a lost connection, a rejected write; any thread).
 * Whichever comes first wins, so a reply arriving after a timeout changes nothing the benchmark
 * already has. Subclasses write into the engine's maps only in these two methods, after winning.
 */
abstract class RespCommand extends CommandOutput<byte[], byte[], Status>
    implements RedisCommand<byte[], byte[], Status>, CompleteableCommand<Status> {
  private static final VarHandle DONE;

  static {
    try {
      DONE = MethodHandles.lookup().findVarHandle(RespCommand.class, "done", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ProtocolKeyword type;
  /** 0 until completed, then 1. */
  @SuppressWarnings("unused")
  private volatile int done;
  /** Lettuce's own completion hook (the command timeout's cancellation), if it asked for one. */
  private volatile BiConsumer<? super Status, Throwable> onComplete;
  /** The connection it was sent on ({@link AsyncConnection#send}), told when it completes. */
  AsyncConnection sentOn;

  RespCommand(ProtocolKeyword type) {
    super(ByteArrayCodec.INSTANCE, null);
    this.type = type;
  }

  /** The reply was decoded (an error reply too: see {@link #hasError()}); on the I/O thread. */
  abstract void replied();

  /**
   * The command ended without a reply.
   *
   * @param cause why: a timeout, a lost or closed connection, a rejected write
   */
  abstract void failed(Throwable cause);

  @Override
  public abstract void encode(ByteBuf buf);

  @Override
  public final void complete() {
    if (DONE.compareAndSet(this, 0, 1)) {
      answered();
      try {
        replied();
      } finally {
        notifyLettuce(null);
      }
    }
  }

  @Override
  public final boolean completeExceptionally(Throwable cause) {
    if (!DONE.compareAndSet(this, 0, 1)) {
      return false;
    }
    answered();
    try {
      failed(cause);
    } finally {
      notifyLettuce(cause);
    }
    return true;
  }

  /** Lettuce cancels a command only when its connection went down or was closed with it in flight. */
  @Override
  public final void cancel() {
    completeExceptionally(new CancellationException("the connection went down with the command in flight"));
  }

  /** Before the engine hears of it: the connection's count is down by the time the place is free. */
  private void answered() {
    AsyncConnection c = sentOn;
    if (c != null) {
      c.answered();
    }
  }

  private void notifyLettuce(Throwable cause) {
    BiConsumer<? super Status, Throwable> hook = onComplete;
    if (hook != null) {
      hook.accept(null, cause);
    }
  }

  @Override
  public final void onComplete(BiConsumer<? super Status, Throwable> action) {
    BiConsumer<? super Status, Throwable> before = onComplete;
    onComplete = before == null ? action : (s, t) -> {
      before.accept(s, t);
      action.accept(s, t);
    };
    if (isDone()) { // completed while the hook was being set: run it now (running it twice is harmless)
      action.accept(null, null);
    }
  }

  @Override
  public final void onComplete(Consumer<? super Status> action) {
    onComplete((s, t) -> action.accept(s));
  }

  @Override
  public final CommandOutput<byte[], byte[], Status> getOutput() {
    return this;
  }

  /** Only Lettuce's cluster routing asks (for the key's slot); {@link KeyedCommand} answers it. */
  @Override
  public CommandArgs<byte[], byte[]> getArgs() {
    return null;
  }

  @Override
  public final ProtocolKeyword getType() {
    return type;
  }

  @Override
  public final boolean isCancelled() {
    return false;
  }

  @Override
  public final boolean isDone() {
    return done != 0;
  }

  @Override
  public final void setOutput(CommandOutput<byte[], byte[], Status> output) {
    // decodes its own reply
  }

  // replies that carry nothing this command needs (+OK, +QUEUED, :n) are accepted and dropped

  @Override
  public void set(ByteBuffer bytes) {
  }

  @Override
  public void set(long integer) {
  }

  /**
   * A bulk string of the reply, where it lies in the reply's bytes ({@link RespReplies}), which
   * are valid only during the call unless the command {@link #keepsReply() keeps the reply}. By
   * default passed on as Lettuce's decoder passes it, a {@code ByteBuffer} over the bytes.
   *
   * @param reply the reply's bytes
   * @param index where the string starts
   * @param length its length
   */
  void bulk(byte[] reply, int index, int length) {
    set(ByteBuffer.wrap(reply, index, length));
  }

  /**
   * @return whether the reply's bytes handed to {@link #bulk} are the command's own, to keep: one
   *     copy of the whole reply instead of one per string, for a command that returns the strings
   */
  boolean keepsReply() {
    return false;
  }

  /**
   * @param reply the reply's bytes, valid only during the call
   * @param length how many of them the reply is
   * @return the command's own copy of them, for a command that {@link #keepsReply() keeps the reply}
   */
  byte[] keep(byte[] reply, int length) {
    return java.util.Arrays.copyOf(reply, length);
  }

  @Override
  public String toString() {
    return type + (hasError() ? " error=" + getError() : "");
  }
}
