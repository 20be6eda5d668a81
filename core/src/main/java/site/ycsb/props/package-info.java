/**
 * Property declarations: each module's catalog of names, types, defaults and meanings (and the
 * binding it provides), validation with one-line errors, masking of secrets, and the generated
 * reference.
 */
package site.ycsb.props;
