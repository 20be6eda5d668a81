package site.ycsb.cli;

import site.ycsb.DBException;

/** A binding whose database cannot be reached. */
public class FailingInitDB extends AlwaysFailingDB {
  @Override
  public void init() throws DBException {
    throw new DBException("cannot reach db.example:1234 (connection refused)");
  }
}
