// The list-and-count of every paged screen: one page of rows and the total they come from, asked
// for at once.
export interface PageRequest {
  limit: number;
  skip: number;
}

/** A query builder that can still be limited and offset (drizzle's select before either). */
interface Pageable<Row> {
  limit(limit: number): { offset(skip: number): PromiseLike<Row[]> };
}

export type Paged<K extends string, Item> = { [P in K]: Item[] } & {
  total: number;
  skip: number;
  limit: number;
};

/** `total` is a `select({ n: count() })` query over the same rows. */
export async function paged<K extends string, Row, Item>(
  key: K,
  page: PageRequest,
  rows: Pageable<Row>,
  total: PromiseLike<Array<{ n: number }>>,
  toItem: (row: Row) => Item,
): Promise<Paged<K, Item>> {
  const [found, [counted]] = await Promise.all([rows.limit(page.limit).offset(page.skip), total]);
  return {
    [key]: found.map(toItem),
    total: Number(counted?.n ?? 0),
    skip: page.skip,
    limit: page.limit,
  } as Paged<K, Item>;
}
