import { z } from "zod";

// Every list endpoint pages the same way: ?page=1&page_size=20 in, { items, page, page_size, total } out.

export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(100_000)
    .default(1),
  page_size: z.coerce
    .number({ error: "page_size must be a number" })
    .int()
    .min(1, "page_size must be at least 1")
    .max(100, "page_size must be at most 100")
    .default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

/** Reads a URL's query string as a plain object for a schema (repeated keys keep the last value). */
export function queryObject(url: string | URL): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}
