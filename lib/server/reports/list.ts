import "server-only";
import { reportRows } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import type { Window } from "@/lib/server/reports/sql";

// A breakdown is one statement built for a window of rows: a page (with the total counted by a window
// function) or an export's rows.

export type ListStatement = (window: Window) => Prisma.Sql;

/** A list whose rows and total are two statements (sent at once): the rows can then stop after a page. */
export interface CountedList {
  rows: ListStatement;
  count: () => Prisma.Sql;
}

type Counted<R> = R & { total: string | number };

export async function runPage<R extends object, J>(
  list: ListStatement | CountedList,
  window: Window,
  page: { page?: number; page_size?: number },
  toJson: (row: R) => J,
): Promise<Page<J>> {
  if (typeof list !== "function") {
    const [rows, counted] = await Promise.all([
      reportRows<R>(list.rows(window)),
      reportRows<{ total: string | number }>(list.count()),
    ]);
    return {
      items: rows.map((r) => toJson(r)),
      page: page.page ?? 1,
      page_size: page.page_size ?? 20,
      total: Number(counted[0]?.total ?? 0),
    };
  }
  const rows = await reportRows<Counted<R>>(list(window));
  let total = rows[0] ? Number(rows[0].total) : 0;
  // Past the last page the window function has no row to count on: count without the window.
  if (!rows[0] && window.offset > 0) {
    const [first] = await reportRows<Counted<R>>(list({ limit: 1, offset: 0 }));
    total = first ? Number(first.total) : 0;
  }
  return { items: rows.map((r) => toJson(r)), page: page.page ?? 1, page_size: page.page_size ?? 20, total };
}

/** A search term for ILIKE, its wildcards taken literally. */
export { likePattern } from "@/lib/server/like-pattern";

/** Numbers sort best first unless asked otherwise; names and titles A to Z. */
export function defaultOrder(
  sort: string,
  order: "asc" | "desc" | undefined,
  textual: readonly string[],
): "asc" | "desc" {
  return order ?? (textual.includes(sort) ? "asc" : "desc");
}
