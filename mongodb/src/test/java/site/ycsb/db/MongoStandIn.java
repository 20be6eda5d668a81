package site.ycsb.db;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.concurrent.CountDownLatch;

/**
 * A MongoDB wire-protocol server kept in memory (mongo-java-server), run by the tests as a
 * process of its own so that stopping it is what a lost server looks like to the driver.
 * Argument: the port to listen on at 127.0.0.1.
 */
public final class MongoStandIn {
  private MongoStandIn() {
  }

  public static void main(String[] args) throws InterruptedException {
    int port = Integer.parseInt(args[0]);
    MongoServer server = new MongoServer(new MemoryBackend());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.shutdownNow();
      stopped.countDown();
    }, "stand-in-stop"));
    server.bind("127.0.0.1", port);
    // the tests wait for this line; the server's own log is silenced (slf4j-nop on the class path)
    System.out.println("MongoStandIn listening on 127.0.0.1:" + port);
    System.out.flush();
    stopped.await();
  }
}
