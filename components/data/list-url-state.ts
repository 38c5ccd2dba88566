"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * A server-side list's state kept in the address (search, page, page size and any filters or sort the
 * list names), so a reload or a shared link shows the same page. Pages count from 1 in the URL (as in
 * the API) and from 0 in the Data Grid. An empty value removes its parameter.
 */
export function useListUrlState<K extends string = never>(defaultPageSize = 20) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const pageSize = [10, 20, 50, 100].includes(Number(params.get("page_size"))) ? Number(params.get("page_size")) : defaultPageSize;
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
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, router, pathname, defaultPageSize],
  );
  return { q, page, pageSize, get, update };
}
