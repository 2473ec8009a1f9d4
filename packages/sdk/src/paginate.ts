// Every paged list of the API answers a page of items and the cursor of the next page (null at the
// end), and takes that cursor back as `cursor`: `{ galleries, next }`, `{ deliveries, nextCursor }`,
// `{ events, next }`. One helper walks any of them, given the call for a page and the names of the
// items and cursor fields (checked against the call's answer type).

/** What the client's calls resolve to (openapi-fetch's `{ data, error, response }`). */
type Answer<Page> = { data?: Page; response: Response };
/**
 * What a page must hold: its items under `Items`, its cursor (a string, or null at the end) under
 * `Next`. A constraint on the page (not a type of the options), so TypeScript infers the page from
 * the call first and then checks the names against it: `paginate((cursor) => vf.GET(…), { items })`
 * needs no annotation.
 */
type PageOf<Items extends PropertyKey, Next extends PropertyKey> = { [K in Items]: readonly unknown[] } & { [K in Next]?: string | null };
type ItemOf<Page, Items extends keyof Page> = Page[Items] extends readonly (infer Item)[] ? Item : never;

export type PaginateOptions<Items extends PropertyKey, Next extends PropertyKey> = {
  /** The field holding the page's items, e.g. "galleries". */
  items: Items;
  /** The field holding the next page's cursor (default "next"; the deliveries answer `nextCursor`). */
  next?: Next;
  /** Where to start (a cursor from an earlier walk). */
  cursor?: string;
};

/** Each page in turn, from `cursor` (or the first) to the last. */
export async function* pages<Page extends PageOf<Items, Next>, const Items extends PropertyKey, const Next extends PropertyKey = "next">(
  page: (cursor: string | undefined) => Promise<Answer<Page>>,
  options: PaginateOptions<Items, Next>,
): AsyncGenerator<Page> {
  const nextField = options.next ?? "next";
  let cursor = options.cursor;
  const seen = new Set<string>();
  for (;;) {
    const { data } = await page(cursor);
    if (data === undefined || data === null) return;
    yield data;
    const next = (data as Record<PropertyKey, unknown>)[nextField];
    if (typeof next !== "string" || next === "") return;
    // A cursor answered twice would walk forever: stop rather than loop.
    if (seen.has(next)) throw new Error(`paginate: the cursor ${next} came back twice`);
    seen.add(next);
    cursor = next;
  }
}

/**
 * Each item of every page, e.g.
 * `for await (const g of paginate((cursor) => vf.GET("/api/galleries", { params: { query: { cursor, limit: 50 } } }), { items: "galleries" }))`.
 */
export async function* paginate<Page extends PageOf<Items, Next>, const Items extends PropertyKey, const Next extends PropertyKey = "next">(
  page: (cursor: string | undefined) => Promise<Answer<Page>>,
  options: PaginateOptions<Items, Next>,
): AsyncGenerator<ItemOf<Page, Items>> {
  for await (const data of pages(page, options)) yield* data[options.items] as unknown as Iterable<ItemOf<Page, Items>>;
}
