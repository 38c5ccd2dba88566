"use client";

import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import type { GridColDef } from "@mui/x-data-grid";
import Link from "@/components/navigation/link";
import { useRouter } from "next/navigation";
import { LinkButton } from "@/components/navigation/link-components";
import { EmptyState } from "@/components/shell/empty-state";
import { SearchField } from "@/components/ui/search-field";
import type { GroupJson, GroupListJson } from "@/lib/server/groups/queries";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { useListUrlState } from "@/components/data/list-url-state";
import { FALLBACK_MESSAGES } from "@/lib/client/fallback-messages";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";

const columns: GridColDef<GroupJson>[] = [
  {
    field: "name",
    headerName: "Name",
    flex: 1,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => <Link href={`/admin/groups/${row.id}`}>{row.name}</Link>,
  },
  { field: "description", headerName: "Description", flex: 2, minWidth: 200, sortable: false },
  { field: "memberCount", headerName: "Members", type: "number", width: 110, sortable: false },
  { field: "courseCount", headerName: "Courses", type: "number", width: 110, sortable: false },
];

/** The groups the caller manages: searched and paged on the server, the state in the address. */
export function GroupList() {
  const router = useRouter();
  const { q, page, pageSize, update } = useListUrlState();
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize), ...(q ? { q } : {}) });
  const { data, error, isLoading } = useApi<GroupListJson>(`/api/admin/groups?${query}`, { keepPreviousData: true });
  if (!isLoading && !error && data?.total === 0 && !q) {
    return (
      <EmptyState
        title="No groups yet"
        description="Groups let you enroll many learners in courses at once."
        action={{ label: "Add group", href: "/admin/groups/add" }}
      />
    );
  }
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <SearchField label="Search groups" value={q} onSearch={(text) => update({ q: text, page: 1 })} />
        <LinkButton variant="contained" startIcon={<AddIcon />} href="/admin/groups/add">
          Add group
        </LinkButton>
      </Stack>
      {error && <Alert severity="error">{failureMessage(error, FALLBACK_MESSAGES.groups)}</Alert>}
      <ServerDataGrid
        label="Groups"
        total={data?.total}
        list={{ page, pageSize, update }}
        emptyLabel={q ? `No group matches '${q}'` : "No groups"}
        rows={data?.groups ?? []}
        columns={columns}
        loading={isLoading}
        onRowDoubleClick={({ row }) => router.push(`/admin/groups/${row.id}`)}
      />
    </Stack>
  );
}
