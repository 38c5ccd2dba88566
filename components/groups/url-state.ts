"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * A list's search, page and page size kept in the address, so a reload or a shared link shows the same
 * page. Pages count from 1 in the URL (as in the API) and from 0 in the Data Grid.
 */
export function useListUrlState(defaultPageSize = 20) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const pageSize = [10, 20, 50, 100].includes(Number(params.get("page_size"))) ? Number(params.get("page_size")) : defaultPageSize;
  const update = useCallback(
    (next: { q?: string; page?: number; pageSize?: number }) => {
      const search = new URLSearchParams(params.toString());
      const set = (key: string, value: string | number | undefined, fallback: string | number) => {
        if (value === undefined) return;
        if (value === fallback || value === "") search.delete(key);
        else search.set(key, String(value));
      };
      set("q", next.q, "");
      set("page", next.page, 1);
      set("page_size", next.pageSize, defaultPageSize);
      const query = search.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, router, pathname, defaultPageSize],
  );
  return { q, page, pageSize, update };
}
