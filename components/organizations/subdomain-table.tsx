"use client";

import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { SearchField } from "@/components/ui/search-field";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import { ChangeSubdomainDialog } from "@/components/organizations/change-subdomain-dialog";
import { OrganizationGrid, useOrganizationPage } from "@/components/organizations/organization-grid";
import type { OrganizationAdmin, TenantAddress } from "@/components/organizations/types";
import { tenantOrigin } from "@/lib/tenancy/host";

/** Every organization's subdomain with a live link, and a change for each. */
export function SubdomainTable({ address }: { address: TenantAddress }) {
  const organizations = useOrganizationPage();
  const { q, update } = organizations.list;
  const { mutate } = organizations;
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
      <OrganizationGrid label="Subdomains" organizations={organizations} columns={columns} />
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
