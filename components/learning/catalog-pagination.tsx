"use client";

import Pagination from "@mui/material/Pagination";
import PaginationItem from "@mui/material/PaginationItem";
import Link from "@/components/navigation/link";
import { catalogHref } from "@/components/learning/catalog-href";

/** Pages of the catalog as links, so each page is a server-rendered URL of its own. */
export function CatalogPagination({
  q,
  categoryId,
  page,
  pageCount,
}: {
  q: string;
  categoryId: string;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <Pagination
      page={page}
      count={pageCount}
      sx={{ display: "flex", justifyContent: "center", mt: 3 }}
      renderItem={(item) => (
        <PaginationItem component={Link} href={catalogHref({ q, categoryId, page: item.page ?? 1 })} {...item} />
      )}
    />
  );
}
