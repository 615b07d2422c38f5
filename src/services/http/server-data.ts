/**
 * The query cache as the session sees it. query-client.ts registers the cache when the first signed-in page loads
 * it, so that the sign-in page's first download carries no query library (issue 13 item 7); before that there is
 * no server data to clear.
 */
interface ClearableCache {
  clear(): void;
}

let cache: ClearableCache | null = null;

export const serverData = {
  register(client: ClearableCache): void {
    cache = client;
  },
  /** Forgets every answer of the session that ends or changes practice. */
  clear(): void {
    cache?.clear();
  },
};
