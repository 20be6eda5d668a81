package site.ycsb.db.redis;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;

/**
 * The commands a worker sent on one connection since its last flush, handed to Lettuce as one
 * command: Lettuce then writes, queues and tracks one object per flush instead of one per command
 * (its per-command write path, a promise, a listener, an encoder buffer and a place in its queue
 * each, cost a pipelining client more than the command itself). Written as the commands one after
 * another; their replies are read in order, each by its own command, as they arrive
 * ({@link DirectReplies}), and each command completes as soon as its reply is read, not when the
 * whole batch has been answered. A batch that ends without its replies (a timeout, a lost
 * connection) fails the commands not yet answered; sent again after a reconnect, it writes only those.
 */
final class Batch extends RespCommand {
  private static final Resp.Word TYPE = new Resp.Word("PIPELINE", "ycsb-PIPELINE");

  private final RespCommand[] commands;
  /** How many of the commands have their replies; the connection's I/O thread only. */
  private int answered;

  /** @param commands the commands in the order they were sent, at least one */
  Batch(RespCommand[] commands) {
    super(TYPE);
    this.commands = commands;
  }

  @Override
  public void encode(ByteBuf buf) {
    for (int i = answered; i < commands.length; i++) {
      commands[i].encode(buf);
    }
  }

  /**
   * Reads the replies that have arrived, each into its command, which then completes.
   *
   * @return whether every command has its reply
   */
  boolean readReplies(ByteBuf in, RespReplies.Scratch scratch) {
    while (answered < commands.length) {
      RespCommand c = commands[answered];
      if (!RespReplies.read(in, c, scratch)) {
        return false;
      }
      answered++;
      c.complete();
    }
    return true;
  }

  @Override
  void replied() {
  }

  @Override
  void failed(Throwable cause) {
    for (int i = answered; i < commands.length; i++) {
      commands[i].completeExceptionally(cause);
    }
  }

  // only DirectReplies reads a batch's replies: were Lettuce's decoder to, it would read them wrong

  @Override
  public void multiArray(int count) {
    throw notDirect();
  }

  @Override
  public void set(ByteBuffer bytes) {
    throw notDirect();
  }

  @Override
  public void set(long integer) {
    throw notDirect();
  }

  @Override
  public void setError(ByteBuffer error) {
    throw notDirect();
  }

  private static IllegalStateException notDirect() {
    return new IllegalStateException("a batch's replies are read by DirectReplies only");
  }
}
