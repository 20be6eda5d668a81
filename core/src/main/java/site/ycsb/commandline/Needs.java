package site.ycsb.commandline;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What an option's value is, in words, next to its declaration: an option given without one is
 * refused as {@code -P needs a workload file}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Needs {
  /** @return e.g. {@code a workload file} or {@code a number of threads} */
  String value();
}
