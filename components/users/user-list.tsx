"use client";

import Alert from "@mui/material/Alert";
import type { GridColDef, GridRowSelectionModel, GridSortModel } from "@mui/x-data-grid";
import { format } from "date-fns";
import Link from "@/components/navigation/link";
import { useCallback, useState } from "react";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { useListUrlState } from "@/components/data/list-url-state";
import { Select } from "@/components/ui/select";
import { SearchField } from "@/components/ui/search-field";
import styles from "@/components/users/user-list.module.css";
import type { GroupListJson } from "@/lib/server/groups/queries";
import { BulkActions } from "@/components/users/bulk-actions";
import { useApi } from "@/lib/client/swr";
import { roleLabel } from "@/lib/routes";
import type { Page } from "@/lib/schemas/pagination";
import { failureMessage } from "@/lib/client/spec-calls";
import type { AdminUserJson } from "@/lib/server/users/queries";

type Filter = "role" | "status" | "group_id" | "sort" | "order";

const ROLE_OPTIONS = [
  { value: "", label: "All roles" },
  ...(["learner", "instructor", "org_admin", "admin"] as const).map((r) => ({ value: r, label: roleLabel(r) })),
];
const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  { value: "active", label: "Active" },
  { value: "suspended", label: "Deactivated" },
];

const columns: GridColDef<AdminUserJson>[] = [
  {
    field: "name",
    headerName: "Name",
    flex: 1,
    minWidth: 160,
    valueGetter: (_v, row) => `${row.first_name} ${row.last_name}`,
    renderCell: ({ row, value }) => <Link href={`/admin/users/edit/${row.id}`}>{value}</Link>,
  },
  { field: "email", headerName: "E-mail", flex: 1, minWidth: 200 },
  { field: "username", headerName: "Username", width: 150 },
  { field: "role", headerName: "Role", width: 130, valueGetter: (_v, row) => roleLabel(row.role) },
  {
    field: "status",
    headerName: "Status",
    width: 110,
    valueGetter: (_v, row) => (row.status === "active" ? "Active" : "Deactivated"),
  },
  {
    field: "groups",
    headerName: "Groups",
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueGetter: (_v, row) => row.groups.map((g) => g.name).join(", "),
  },
  {
    field: "last_login_at",
    headerName: "Last sign-in",
    width: 160,
    valueGetter: (_v, row) => (row.last_login_at ? format(new Date(row.last_login_at), "d MMM yyyy HH:mm") : "Never"),
  },
];

/** The organization's users: searched, filtered and sorted on the server, the state in the address. */
export function UserList() {
  const { q, page, pageSize, get, update } = useListUrlState<Filter>();
  const [role, status, groupId, sort, order] = [
    get("role"),
    get("status"),
    get("group_id"),
    get("sort") || "name",
    get("order") || "asc",
  ];
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize), sort, order });
  for (const [key, value] of [
    ["q", q],
    ["role", role],
    ["status", status],
    ["group_id", groupId],
  ] as const)
    if (value) query.set(key, value);
  const { data, error, isLoading, mutate } = useApi<Page<AdminUserJson>>(`/api/admin/users?${query}`, {
    keepPreviousData: true,
  });
  const groups = useApi<GroupListJson>("/api/admin/groups?page_size=100");
  const search = useCallback((text: string) => update({ q: text, page: 1 }), [update]);
  const sortModel: GridSortModel = [{ field: sort, sort: order === "desc" ? "desc" : "asc" }];
  // Selection survives paging and searching (kept by id), so a bulk action can gather people from several pages.
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: "include", ids: new Set() });
  const [notice, setNotice] = useState<string | null>(null);
  const rows = data?.items ?? [];
  const selected =
    selection.type === "include"
      ? [...selection.ids].map(String)
      : rows.filter((r) => !selection.ids.has(r.id)).map((r) => r.id);
  const clear = () => setSelection({ type: "include", ids: new Set() });
  return (
    <div className={styles.list}>
      {/* The filters render on the server without runtime styles; the grid below is drawn in the browser. */}
      <div className={styles.filters}>
        <SearchField label="Search users" value={q} onSearch={search} />
        <Select
          size="small"
          labelInside
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          onChange={(e) => update({ role: e.target.value, page: 1 })}
          className={styles.role}
        />
        <Select
          size="small"
          labelInside
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(e) => update({ status: e.target.value, page: 1 })}
          className={styles.status}
        />
        <Select
          size="small"
          labelInside
          label="Group"
          value={groups.data ? groupId : ""}
          options={[
            { value: "", label: "Any group" },
            ...(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
          onChange={(e) => update({ group_id: e.target.value, page: 1 })}
          className={styles.group}
        />
      </div>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {selected.length > 0 && (
        <BulkActions
          userIds={selected}
          onClear={clear}
          onDone={async (message) => {
            setNotice(message);
            clear();
            await mutate();
          }}
        />
      )}
      {error && <Alert severity="error">{failureMessage(error, "Failed to list users")}</Alert>}
      <ServerDataGrid
        label="Users"
        total={data?.total}
        list={{ page, pageSize, update }}
        emptyLabel={q || role || status || groupId ? "No user matches these filters" : "No users yet"}
        rows={rows}
        columns={columns}
        loading={isLoading}
        sortModel={sortModel}
        onSortModelChange={(model) => update({ sort: model[0]?.field ?? "", order: model[0]?.sort ?? "", page: 1 })}
        checkboxSelection
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
    </div>
  );
}
