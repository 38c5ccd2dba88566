"use client";

import Alert from "@mui/material/Alert";
import type { GridColDef } from "@mui/x-data-grid";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { useListUrlState } from "@/components/data/list-url-state";
import type { OrganizationAdmin } from "@/components/organizations/types";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";

/** The page of organizations the URL asks for (search, page), from GET /api/admin/organizations. */
export function useOrganizationPage() {
  const list = useListUrlState(20);
  const query = new URLSearchParams({ page: String(list.page), page_size: String(list.pageSize) });
  if (list.q) query.set("q", list.q);
  const api = useApi<Page<OrganizationAdmin>>(`/api/admin/organizations?${query}`, { keepPreviousData: true });
  return { list, ...api };
}

/** That page in a grid, with the list's failure above it. */
export function OrganizationGrid({
  label,
  organizations,
  columns,
}: {
  label: string;
  organizations: ReturnType<typeof useOrganizationPage>;
  columns: GridColDef<OrganizationAdmin>[];
}) {
  const { list, data, error, isLoading } = organizations;
  return (
    <>
      {error && <Alert severity="error">{failureMessage(error, "Failed to list organizations")}</Alert>}
      <ServerDataGrid
        label={label}
        total={data?.total}
        list={{ page: list.page, pageSize: list.pageSize, update: list.update }}
        emptyLabel={list.q ? "No organization matches this search" : "No organizations yet"}
        rows={data?.items ?? []}
        columns={columns}
        loading={isLoading}
        // A page holds at most 100 organizations: every column is rendered, so the actions are always there.
        disableVirtualization
      />
    </>
  );
}
