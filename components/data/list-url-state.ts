"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * A server-side list's state kept in the address (search, page, page size and any filters or sort the
 * list names), so a reload or a shared link shows the same page. Pages count from 1 in the URL (as in
 * the API) and from 0 in the Data Grid. An empty value removes its parameter.
 *
 * The address changes through the browser's history.replaceState, which Next's router follows
 * (useSearchParams updates) without asking the server for the page again: these lists fetch their own
 * rows, and a server round trip would re-render the page and remount it, losing the search box's focus
 * and any keys typed meanwhile.
 */
export function useListUrlState<K extends string = never>(defaultPageSize = 20) {
  const params = useSearchParams();
  const pathname = usePathname();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const pageSize = [10, 20, 50, 100].includes(Number(params.get("page_size")))
    ? Number(params.get("page_size"))
    : defaultPageSize;
  const get = (key: K) => params.get(key) ?? "";
  const update = useCallback(
    (next: { q?: string; page?: number; pageSize?: number } & Partial<Record<K, string>>) => {
      const search = new URLSearchParams(params.toString());
      const { q: nextQ, page: nextPage, pageSize: nextPageSize, ...filters } = next;
      const set = (key: string, value: string | number | undefined, fallback: string | number) => {
        if (value === undefined) return;
        if (value === fallback || value === "") search.delete(key);
        else search.set(key, String(value));
      };
      set("q", nextQ, "");
      set("page", nextPage, 1);
      set("page_size", nextPageSize, defaultPageSize);
      for (const [key, value] of Object.entries(filters)) set(key, value as string | undefined, "");
      const query = search.toString();
      window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
    },
    [params, pathname, defaultPageSize],
  );
  return { q, page, pageSize, get, update };
}
