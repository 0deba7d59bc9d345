/** Characters with a meaning in a regular expression (JavaScript's and the database's alike). */
const REGEX_METACHARACTERS = /[.*+?^${}()|[\]\\]/g;

/**
 * The `$regex` that finds `text` literally anywhere in a field: a search for "1/2 cup (dry)"
 * or ".*" means those characters, never a pattern. Case is ignored by the query's "i" option,
 * since FerretDB has no collations.
 */
export function containsPattern(text: string): string {
  return text.replace(REGEX_METACHARACTERS, "\\$&");
}
