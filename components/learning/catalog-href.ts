/** The /search URL for a catalog state; empty values and page 1 are left out. */
export function catalogHref({ q, categoryId, page }: { q: string; categoryId: string; page: number }): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (categoryId) params.set("category", categoryId);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/search?${query}` : "/search";
}

export interface CatalogState {
  q: string;
  categoryId: string;
  page: number;
}

/** Reads ?q=&category=&page= leniently: a hand-edited URL never errors, bad values are ignored. */
export function readCatalogState(params: Record<string, string | string[] | undefined>): CatalogState {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  const q = first(params.q).trim().slice(0, 200);
  const category = first(params.category);
  const categoryId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(category) ? category : "";
  const page = Number.parseInt(first(params.page), 10);
  return { q, categoryId, page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1 };
}
