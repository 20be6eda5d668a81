package site.ycsb.db.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.BindingContext;
import site.ycsb.DBException;

/**
 * Knows, for every worker of a phase on either path, which server Redis Sentinel names as the
 * primary: asked at the start, then asked again each time a sentinel announces a failover
 * ({@code +switch-master}). Connections to the primary open on the address held here; when it
 * changes, each worker leaves the old primary at its next operation (blocking path) or flush
 * (asynchronous path) and reconnects here.
 *
 * <p>Waiting for the connections to break is not enough: after a crash they do, but after a
 * manual failover ({@code SENTINEL FAILOVER}) or a partition the old primary keeps accepting
 * writes until Sentinel demotes it, about ten seconds later, and every write made there in the
 * meantime is lost with the demotion. Nor is asking a sentinel on each reconnect: the first one
 * that answers may not have heard of the failover yet.
 *
 * <p>One thread per sentinel listens to it, so the first sentinel to switch (the one that led the
 * failover) is heard at once; a sentinel that goes away is subscribed to again a second later, and
 * asked again then, for a switch missed meanwhile. Sentinels learn of a switch one after the
 * other, so an answer counts only when its configuration epoch is newer than the one held.
 * Shared by the phase ({@link BindingContext#shared}), closed by the engine after the workers.
 */
public final class RedisServerWatch implements AutoCloseable {
  private static final String SWITCH_MASTER = "+switch-master";
  private static final long RESUBSCRIBE_PAUSE_MS = 1_000;

  private final Sentinels sentinels;
  private final JedisClientConfig config;
  private final BindingContext context;
  private final List<Listener> listeners = new ArrayList<>();
  /** The newest answer; written under the lock, read by the workers without it. */
  private volatile SentinelPrimary primary;
  /** How often the primary moved since the start. */
  private volatile long moves;
  private volatile boolean closed;

  private RedisServerWatch(Sentinels sentinels, JedisClientConfig config, BindingContext context,
                        SentinelPrimary primary) {
    this.sentinels = sentinels;
    this.config = config;
    this.context = context;
    this.primary = primary;
  }

  /**
   * Asks the sentinels for the primary and starts listening for failovers.
   *
   * @param sentinels the sentinels and the master name
   * @param connectTimeoutMs the connect (and question) timeout ({@code redis.connecttimeout})
   * @param context where a new primary is reported, once
   * @return the watch
   * @throws DBException when no sentinel names the primary
   */
  public static RedisServerWatch open(Sentinels sentinels, int connectTimeoutMs, BindingContext context)
      throws DBException {
    JedisClientConfig config = SentinelPrimary.config(connectTimeoutMs);
    SentinelPrimary first;
    try {
      first = SentinelPrimary.askAny(sentinels, config);
    } catch (JedisException e) {
      throw new DBException("cannot find " + sentinels + " (redis.sentinels/redis.master): " + e.getMessage());
    }
    RedisServerWatch watch = new RedisServerWatch(sentinels, config, context, first);
    for (HostAndPort s : sentinels.addresses()) {
      Listener l = watch.new Listener(s);
      watch.listeners.add(l);
      l.thread.start();
    }
    return watch;
  }

  /** @return the primary's address as Sentinel last named it */
  public HostAndPort primary() {
    return primary.address();
  }

  /** @return how often the primary moved: a connection opened at a lower count is on an old primary */
  public long moves() {
    return moves;
  }

  /** @return the sentinels watched */
  public Sentinels sentinels() {
    return sentinels;
  }

  /** Takes an answer when it is newer than the one held; a new address is a move, told once. */
  private synchronized void consider(SentinelPrimary answer) {
    SentinelPrimary held = primary;
    if (answer.epoch() <= held.epoch()) {
      return;
    }
    primary = answer;
    if (!answer.address().equals(held.address())) {
      moves++;
      context.reportOnce("redis primary " + answer.address(), "redis: Sentinel names " + answer.address() + " as "
          + sentinels + " now (it was " + held.address() + "); the connections move there");
    }
  }

  /** Subscribes to one sentinel's announcements, again and again until closed. */
  private final class Listener extends JedisPubSub {
    private final HostAndPort sentinel;
    private final Thread thread;
    /** The connection subscribed now, closed by {@link RedisServerWatch#close()} to end the thread. */
    private volatile Jedis subscribed;

    Listener(HostAndPort sentinel) {
      this.sentinel = sentinel;
      this.thread = new Thread(this::listen, "ycsb-redis-sentinel-" + sentinel);
      thread.setDaemon(true);
    }

    private void listen() {
      while (!closed) {
        try (Jedis j = new Jedis(sentinel, config)) {
          subscribed = j;
          if (!closed) {
            j.subscribe(this, SWITCH_MASTER); // returns when the connection ends
          }
        } catch (JedisException e) {
          // gone, or went away: subscribe again after a pause
        } finally {
          subscribed = null;
        }
        pause();
      }
    }

    @Override
    public void onSubscribe(String channel, int subscribedChannels) {
      askAgain(); // a switch while this sentinel was not listened to is learnt here
    }

    /** {@code NAME old-ip old-port new-ip new-port}: the answer, with its epoch, is one question away. */
    @Override
    public void onMessage(String channel, String message) {
      if (message.startsWith(sentinels.masterName() + " ")) {
        askAgain();
      }
    }

    private void askAgain() {
      try {
        consider(SentinelPrimary.ask(sentinel, sentinels.masterName(), config));
      } catch (JedisException e) {
        // this sentinel cannot say now; the others, or its next announcement, will
      }
    }

    private void pause() {
      try {
        TimeUnit.MILLISECONDS.sleep(RESUBSCRIBE_PAUSE_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        closed = true;
      }
    }

    void stop() {
      Jedis j = subscribed;
      if (j != null) {
        try {
          j.disconnect();
        } catch (RuntimeException e) {
          // closed already
        }
      }
      thread.interrupt();
    }
  }

  /** Stops listening: closes the subscribed connections, which ends the listeners. */
  @Override
  public void close() {
    closed = true;
    listeners.forEach(Listener::stop);
    for (Listener l : listeners) {
      try {
        l.thread.join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
