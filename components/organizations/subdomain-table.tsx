"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { useListUrlState } from "@/components/data/list-url-state";
import { SearchField } from "@/components/data/search-field";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import { ChangeSubdomainDialog } from "@/components/organizations/change-subdomain-dialog";
import type { OrganizationAdmin, TenantAddress } from "@/components/organizations/types";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";
import { tenantOrigin } from "@/lib/tenancy/host";
import { failureMessage } from "@/lib/client/spec-calls";

/** Every organization's subdomain with a live link, and a change for each. */
export function SubdomainTable({ address }: { address: TenantAddress }) {
  const { q, page, pageSize, update } = useListUrlState(20);
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (q) query.set("q", q);
  const { data, error, isLoading, mutate } = useApi<Page<OrganizationAdmin>>(`/api/admin/organizations?${query}`, {
    keepPreviousData: true,
  });
  const [changing, setChanging] = useState<OrganizationAdmin | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const columns: GridColDef<OrganizationAdmin>[] = [
    { field: "subdomain", headerName: "Subdomain", width: 180, sortable: false },
    {
      field: "address",
      headerName: "Live address",
      flex: 1,
      minWidth: 260,
      sortable: false,
      renderCell: ({ row }) => {
        const href = tenantOrigin(row.subdomain, address.appDomain, address.baseOrigin);
        return (
          <Link href={href} target="_blank" rel="noopener">
            {href}
          </Link>
        );
      },
    },
    { field: "name", headerName: "Organization", flex: 1, minWidth: 180, sortable: false },
    {
      field: "status",
      headerName: "Status",
      width: 110,
      sortable: false,
      valueGetter: (_v, row) => (row.status === "active" ? "Active" : "Suspended"),
    },
    {
      field: "actions",
      headerName: "",
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => setChanging(row)} aria-label={`Change the subdomain of ${row.name}`}>
          Change
        </Button>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <SearchField label="Search organizations" value={q} onSearch={(text) => update({ q: text, page: 1 })} />
      {error && <Alert severity="error">{failureMessage(error, "Failed to list organizations")}</Alert>}
      <ServerDataGrid
        label="Subdomains"
        total={data?.total}
        list={{ page, pageSize, update }}
        emptyLabel={q ? "No organization matches this search" : "No organizations yet"}
        rows={data?.items ?? []}
        columns={columns}
        loading={isLoading}
        // A page holds at most 100 organizations: every column is rendered, so the actions are always there.
        disableVirtualization
      />
      {changing && (
        <ChangeSubdomainDialog
          organization={changing}
          address={address}
          onClose={() => setChanging(null)}
          onChanged={(next) => {
            setChanging(null);
            setNotice({
              severity: "success",
              message: `${next.name} now lives at ${tenantOrigin(next.subdomain, address.appDomain, address.baseOrigin)}.`,
            });
            void mutate();
          }}
        />
      )}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
