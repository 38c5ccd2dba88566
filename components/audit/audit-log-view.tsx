"use client";

import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { GridColDef } from "@mui/x-data-grid";
import { endOfDay, format, parse, startOfDay } from "date-fns";
import { AuditFilters, type AuditFilterKey, type AuditFilterValues } from "@/components/audit/audit-filters";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { useListUrlState } from "@/components/data/list-url-state";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";
import { failureMessage } from "@/lib/client/spec-calls";
import type { AuditEntryJson as AuditEntry } from "@/lib/server/audit-log/queries";

const KEYS: AuditFilterKey[] = ["actor", "action", "target_type", "target_id", "from", "to", "organization_id"];

function columns(showOrganization: boolean): GridColDef<AuditEntry>[] {
  return [
    {
      field: "created_at",
      headerName: "Time",
      width: 170,
      sortable: false,
      valueGetter: (_v, row) => format(new Date(row.created_at), "d MMM yyyy HH:mm:ss"),
    },
    ...(showOrganization
      ? [
          {
            field: "organization",
            headerName: "Organization",
            width: 150,
            sortable: false,
            valueGetter: (_v: unknown, row: AuditEntry) => row.organization?.name ?? "Platform",
          } satisfies GridColDef<AuditEntry>,
        ]
      : []),
    {
      field: "actor",
      headerName: "Actor",
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_v, row) => (row.actor ? (row.actor.email ?? row.actor.name ?? row.actor.id) : "—"),
    },
    { field: "action_label", headerName: "Action", flex: 1, minWidth: 180, sortable: false },
    {
      field: "target",
      headerName: "Target",
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_v, row) =>
        `${row.target_type}${row.target_label ? `: ${row.target_label}` : row.target_id ? ` ${row.target_id.slice(0, 8)}…` : ""}`,
    },
    { field: "ip", headerName: "IP", width: 120, sortable: false },
    {
      field: "details",
      headerName: "Details",
      flex: 1.5,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) =>
        row.details && Object.keys(row.details as object).length ? JSON.stringify(row.details) : "",
    },
  ];
}

/** The API's query for the filters in the address: days become the browser's own midnight-to-midnight. */
function apiQuery(values: AuditFilterValues): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of KEYS) {
    const value = values[key];
    if (!value) continue;
    if (key === "from" || key === "to") {
      const day = parse(value, "yyyy-MM-dd", new Date());
      query.set(key, (key === "from" ? startOfDay(day) : endOfDay(day)).toISOString());
    } else query.set(key, value);
  }
  return query;
}

/** The audit log: filtered and paged on the server, the filters in the address, exported as CSV with the same filters. */
export function AuditLogView({ everyOrganization }: { everyOrganization: boolean }) {
  const { page, pageSize, get, update } = useListUrlState<AuditFilterKey>(50);
  const values = Object.fromEntries(KEYS.map((k) => [k, get(k)])) as AuditFilterValues;
  const filters = apiQuery(values);
  const query = new URLSearchParams(filters);
  query.set("page", String(page));
  query.set("page_size", String(pageSize));
  const { data, error, isLoading } = useApi<Page<AuditEntry>>(`/api/admin/audit-log?${query}`, {
    keepPreviousData: true,
  });
  const filtered = KEYS.some((k) => values[k]);
  return (
    <Stack spacing={2}>
      <AuditFilters
        values={values}
        everyOrganization={everyOrganization}
        onChange={(next) => update({ ...next, page: 1 })}
      />
      <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={`/api/admin/audit-log/export?${filters}`}
          download
        >
          Export CSV
        </Button>
      </Stack>
      {error && <Alert severity="error">{failureMessage(error, "Failed to read the audit log")}</Alert>}
      <ServerDataGrid
        label="Audit log"
        total={data?.total}
        list={{ page, pageSize, update }}
        emptyLabel={filtered ? "No entry matches these filters" : "Nothing has been recorded yet"}
        rows={data?.items ?? []}
        columns={columns(everyOrganization)}
        loading={isLoading}
        pageSizeOptions={[20, 50, 100]}
      />
    </Stack>
  );
}
