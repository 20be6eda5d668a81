package site.ycsb;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a binding keeps nothing it is given: it answers every call without a database
 * ({@link BasicDB} prints and sleeps). A check that reads back what was written cannot work on
 * such a binding (every write would count as lost), so a phase that asks for one
 * ({@code durability=true}) is refused before it runs. Subclasses inherit the declaration.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StoresNothing {
}
