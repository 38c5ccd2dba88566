"use client";

import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { SearchField } from "@/components/ui/search-field";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import { CreateOrganizationDialog } from "@/components/organizations/create-organization-dialog";
import { OrganizationEditor } from "@/components/organizations/organization-editor";
import { OrganizationGrid, useOrganizationPage } from "@/components/organizations/organization-grid";
import type { OrganizationAdmin, TenantAddress } from "@/components/organizations/types";
import { apiPut } from "@/lib/client/api";
import { tenantOrigin } from "@/lib/tenancy/host";

type Dialogs = { kind: "create" } | { kind: "edit" | "status"; organization: OrganizationAdmin } | null;

/** The superadmin's organizations: counts, a live link each, create, edit, suspend and reactivate. */
export function OrganizationsTable({ address }: { address: TenantAddress }) {
  const organizations = useOrganizationPage();
  const { q, update } = organizations.list;
  const { mutate } = organizations;
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const suspending = dialog?.kind === "status" && dialog.organization.status === "active";

  const columns: GridColDef<OrganizationAdmin>[] = [
    { field: "name", headerName: "Name", flex: 1, minWidth: 160, sortable: false },
    {
      field: "subdomain",
      headerName: "Address",
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Link href={tenantOrigin(row.subdomain, address.appDomain, address.baseOrigin)} target="_blank" rel="noopener">
          {row.subdomain}
        </Link>
      ),
    },
    {
      field: "status",
      headerName: "Status",
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={row.status === "active" ? "Active" : "Suspended"}
          color={row.status === "active" ? "success" : "error"}
          variant="outlined"
        />
      ),
    },
    { field: "user_count", headerName: "Users", type: "number", width: 75, sortable: false },
    { field: "course_count", headerName: "Courses", type: "number", width: 85, sortable: false },
    { field: "enrollment_count", headerName: "Enrollments", type: "number", width: 110, sortable: false },
    {
      field: "actions",
      headerName: "Actions",
      width: 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", height: "100%" }}>
          <Button
            size="small"
            onClick={() => setDialog({ kind: "edit", organization: row })}
            aria-label={`Edit ${row.name}`}
          >
            Edit
          </Button>
          <Button
            size="small"
            color={row.status === "active" ? "error" : "success"}
            onClick={() => setDialog({ kind: "status", organization: row })}
            aria-label={`${row.status === "active" ? "Suspend" : "Reactivate"} ${row.name}`}
          >
            {row.status === "active" ? "Suspend" : "Reactivate"}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
        <SearchField label="Search organizations" value={q} onSearch={(text) => update({ q: text, page: 1 })} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: "create" })}>
          Create organization
        </Button>
      </Stack>
      <OrganizationGrid label="Organizations" organizations={organizations} columns={columns} />
      {dialog?.kind === "create" && (
        <CreateOrganizationDialog
          address={address}
          onClose={() => setDialog(null)}
          onCreated={({ organization, admin, invitation_sent }) => {
            setDialog(null);
            setNotice({
              severity: invitation_sent ? "success" : "error",
              message: invitation_sent
                ? `${organization.name} created; ${admin.email} was invited.`
                : `${organization.name} created, but the invitation to ${admin.email} could not be sent.`,
            });
            void mutate();
          }}
        />
      )}
      {dialog?.kind === "edit" && (
        <Dialog open onClose={() => setDialog(null)} aria-labelledby="edit-organization-title" maxWidth="sm" fullWidth>
          <DialogTitle id="edit-organization-title">Edit {dialog.organization.name}</DialogTitle>
          <DialogContent>
            <OrganizationEditor initial={dialog.organization} onChanged={() => void mutate()} />
          </DialogContent>
        </Dialog>
      )}
      {dialog?.kind === "status" && (
        <ConfirmDialog
          title={suspending ? `Suspend ${dialog.organization.name}?` : `Reactivate ${dialog.organization.name}?`}
          message={
            suspending
              ? "Its users are signed out at once and cannot sign in; every page of its address says it is suspended. Nothing is deleted."
              : "Its users can sign in again."
          }
          confirmLabel={suspending ? "Suspend" : "Reactivate"}
          onConfirm={async () => {
            await apiPut(`/api/admin/organizations/${dialog.organization.id}/status`, {
              status: suspending ? "suspended" : "active",
            });
            setNotice({
              severity: "success",
              message: `${dialog.organization.name} ${suspending ? "suspended" : "reactivated"}.`,
            });
            await mutate();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
