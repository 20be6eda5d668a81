package site.ycsb.cli;

/** Stands for a database driver; its class file is deleted by the test that needs it missing. */
public class MissingDriver {
}
