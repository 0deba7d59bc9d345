import type { Collection, Document, Filter, WithId } from "mongodb";

/**
 * The documents whose `field` is any of `values` (and that match `rest`), read as one equality
 * query per value, in parallel — never as `{field: {$in: values}}`.
 *
 * Why: our local database (FerretDB 1.24 on PostgreSQL) pushes only top-level equality down to
 * SQL; `$in` (and `$or`) it answers by reading and decoding the whole collection, so a page that
 * names ten people read all 10,000 of them (issue 14, "queries that stay fast with data").
 * Equality on an indexed field is answered from an index there and in MongoDB alike. Meant for
 * the small sets a page or an event names (tens of values), not for bulk reads.
 */
export async function findEach<T extends Document>(
  collection: Collection<T>,
  field: string,
  values: Iterable<unknown>,
  rest: Filter<T> = {},
): Promise<Array<WithId<T>>> {
  const distinct = [...new Set(values)];
  const pages = await Promise.all(distinct.map((value) => collection.find({ ...rest, [field]: value } as Filter<T>).toArray()));
  return pages.flat();
}
