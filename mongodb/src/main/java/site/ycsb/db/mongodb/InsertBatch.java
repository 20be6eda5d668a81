package site.ycsb.db.mongodb;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.WriteModel;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A worker's batched inserts on the blocking side ({@code mongodb.batchsize > 1}): collects the
 * documents and sends every N-th with one unordered {@code insertMany} (one unordered bulk of
 * upserts with {@code mongodb.upsert=true}). The inserts that only filled the batch are
 * BATCHED_OK, the one that sent it has the batch's status; the rest goes at the worker's cleanup.
 */
public final class InsertBatch {
  // unordered: one rejected document does not stop the rest of its batch
  private static final InsertManyOptions INSERT_MANY = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions BULK = new BulkWriteOptions().ordered(false);

  private final BlockingSide side;
  private final int size;
  private final boolean upsert;
  private final List<BsonDocument> batch = new ArrayList<>();
  private String table;

  /**
   * @param side where the batches are sent
   * @param config the binding's settings: the batch size and whether inserts replace
   */
  public InsertBatch(BlockingSide side, MongoConfig config) {
    this.side = side;
    this.size = config.batchSize;
    this.upsert = config.upsert;
  }

  /**
   * @param toTable the YCSB table of the insert
   * @param doc the record's document ({@link MongoRecords#document})
   * @return BATCHED_OK while the batch fills, else the status of sending it
   */
  public Status add(String toTable, BsonDocument doc) {
    if (table != null && !table.equals(toTable) && !batch.isEmpty()) {
      // a batch goes to one collection: send what was collected for the other one first
      Status s = send();
      if (!s.isOk()) {
        return s;
      }
    }
    table = toTable;
    batch.add(doc);
    if (batch.size() < size) {
      return Status.BATCHED_OK;
    }
    return send();
  }

  /**
   * Sends what is left, at the worker's cleanup.
   *
   * @throws DBException when that last batch failed
   */
  public void finish() throws DBException {
    if (batch.isEmpty()) {
      return;
    }
    Status s = send();
    if (!s.isOk()) {
      throw new DBException("the last " + batch.size() + " batched inserts failed with " + s.getName());
    }
  }

  /**
   * Sends the collected inserts. The batch is emptied whatever the outcome: a failed batch is
   * reported by the status of the insert that sent it, and a retry of that insert starts anew.
   */
  private Status send() {
    try {
      MongoCollection<BsonDocument> c = side.collection(table);
      if (upsert) {
        List<WriteModel<BsonDocument>> models = new ArrayList<>(batch.size());
        for (BsonDocument d : batch) {
          models.add(new ReplaceOneModel<>(MongoRecords.byKey(d.getString("_id").getValue()), d,
              MongoRecords.REPLACE_OR_CREATE));
        }
        c.bulkWrite(models, BULK);
      } else {
        c.insertMany(batch, INSERT_MANY);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return side.fail("insert", e);
    } finally {
      batch.clear();
    }
  }
}
