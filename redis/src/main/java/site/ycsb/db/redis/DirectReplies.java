package site.ycsb.db.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.protocol.CommandHandler;
import io.lettuce.core.protocol.Endpoint;
import io.lettuce.core.protocol.RedisCommand;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.NettyCustomizer;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

/**
 * Lets the benchmark's own commands ({@link RespCommand}) read their replies themselves
 * ({@link RespReplies}) on a standalone client's connections: each connection's Lettuce command
 * handler is replaced, as the connection is set up, by one that differs only in its decoding hook.
 * Lettuce's decoder still reads the replies of its own commands (the handshake, a {@code PING}).
 * Reading a record's reply this way costs a fraction of Lettuce's general state machine, which
 * took about a third of the client's CPU in a pipelined run (docs/performance.md).
 */
final class DirectReplies implements NettyCustomizer {
  private volatile ClientOptions options;
  private volatile ClientResources resources;

  /**
   * Takes effect for connections opened from now on.
   *
   * @param clientOptions the client's options, as its command handlers get them
   * @param clientResources the client's resources
   */
  void use(ClientOptions clientOptions, ClientResources clientResources) {
    this.resources = clientResources;
    this.options = clientOptions;
  }

  @Override
  public void afterChannelInitialized(Channel channel) {
    ClientOptions o = options;
    CommandHandler lettuces = channel.pipeline().get(CommandHandler.class);
    // only the plain handler: a publish/subscribe connection's has work of its own to do
    if (o != null && lettuces != null && lettuces.getClass() == CommandHandler.class) {
      channel.pipeline().replace(lettuces, null, new Handler(o, resources, lettuces.getEndpoint()));
    }
  }

  /** Lettuce's command handler, reading the replies of the benchmark's commands by {@link RespReplies}. */
  static final class Handler extends CommandHandler {
    private final RespReplies.Scratch scratch = new RespReplies.Scratch();

    Handler(ClientOptions options, ClientResources resources, Endpoint endpoint) {
      super(options, resources, endpoint);
    }

    @Override
    protected boolean decode(ByteBuf buffer, RedisCommand<?, ?, ?> command, CommandOutput<?, ?, ?> output) {
      if (command instanceof Batch) {
        return ((Batch) command).readReplies(buffer, scratch);
      }
      if (command instanceof RespCommand) {
        return RespReplies.read(buffer, (RespCommand) command, scratch);
      }
      return super.decode(buffer, command, output);
    }
  }
}
