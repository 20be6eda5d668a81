package site.ycsb.workloads;

import static site.ycsb.props.PropertyDef.bool;
import static site.ycsb.props.PropertyDef.decimal;
import static site.ycsb.props.PropertyDef.longValue;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of {@link ClosedEconomyWorkload}: accounts ({@code recordcount} of them, chosen by
 * core's {@code requestdistribution} and {@code zipfianconstant}) whose total never changes.
 */
public final class ClosedEconomyProperties implements PropertyCatalog {
  public static final PropertyDef INITIAL_BALANCE = longValue("closedeconomy.initialbalance", 1000L, 0,
      1_000_000_000_000L, "Closed economy: every account's balance after the load; the total is recordcount times it");
  public static final PropertyDef AMOUNT = longValue("closedeconomy.amount", 1L, 1, 1_000_000_000L,
      "Closed economy: what a transfer moves from one account to another (a constant, so that each account's"
          + " deviation counts whole transfers)");
  public static final PropertyDef TRANSFER_PROPORTION = decimal("closedeconomy.transferproportion", 0.9, 0, 1,
      "Closed economy: share of operations that are transfers (read two accounts, write both, one transaction)");
  public static final PropertyDef READ_PROPORTION = decimal("closedeconomy.readproportion", 0.05, 0, 1,
      "Closed economy: share of operations that read one account (no transaction)");
  public static final PropertyDef AUDIT_PROPORTION = decimal("closedeconomy.auditproportion", 0.05, 0, 1,
      "Closed economy: share of operations that read every account in one transaction; one whose total is not"
          + " the economy's is an inconsistent read");
  public static final PropertyDef TRANSACTIONS = bool("closedeconomy.transactions", true,
      "Closed economy: make transfers and audits as transactions (the binding must have them); false makes their"
          + " reads and writes one by one on any binding, to count what the missing transactions cost");
  public static final PropertyDef RETRIES = longValue("transaction.retries", 10L, 0, 1_000_000L,
      "Times an aborted transaction (Status ABORTED) is made again; it counts once, its latency includes them");

  @Override
  public String module() {
    return "closedeconomy";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(INITIAL_BALANCE, AMOUNT, TRANSFER_PROPORTION, READ_PROPORTION, AUDIT_PROPORTION, TRANSACTIONS,
        RETRIES);
  }
}
