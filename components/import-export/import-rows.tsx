"use client";

import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { GridColDef, GridPaginationModel } from "@mui/x-data-grid";
import { DataGrid } from "@/components/data/data-grid";
import { useState } from "react";
import { useApi } from "@/lib/client/swr";
import { failureMessage } from "@/lib/client/spec-calls";
import type { Page } from "@/lib/schemas/pagination";
import type { ImportRowJson } from "@/lib/server/imports/queries";

const OUTCOME_LABELS: Record<string, string> = {
  create: "Will be created",
  update: "Will be updated",
  unchanged: "Unchanged",
  reject: "Rejected",
  created: "Created",
  updated: "Updated",
  rejected: "Rejected",
  failed: "Failed",
  pending: "Not applied yet",
};

function outcomeLabel(row: ImportRowJson, ran: boolean): string {
  if (!row.outcome) return "No dry run yet";
  const label = OUTCOME_LABELS[row.outcome] ?? row.outcome;
  // During (or after a cancelled) run, a row not applied shows the dry run's outcome as still to come.
  return ran && !row.applied ? `Not applied yet (${label.toLowerCase()})` : label;
}

const columnsFor = (ran: boolean): GridColDef<ImportRowJson>[] => [
  { field: "row", headerName: "Row", width: 80, sortable: false },
  { field: "email", headerName: "Email", flex: 1, minWidth: 200, sortable: false },
  {
    field: "outcome",
    headerName: "Outcome",
    width: 230,
    sortable: false,
    valueGetter: (_v, row) => outcomeLabel(row, ran),
  },
  { field: "reason", headerName: "Reason", flex: 2, minWidth: 240, sortable: false },
];

/** The rows and their outcome (the dry run's, then the run's), filtered by outcome on the server, and the report. */
export function ImportRows({ importId, ran, live }: { importId: string; ran: boolean; live: boolean }) {
  const [outcome, setOutcome] = useState("");
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const query = new URLSearchParams({ page: String(paging.page + 1), page_size: String(paging.pageSize) });
  if (outcome) query.set("outcome", outcome);
  const { data, error, isLoading } = useApi<Page<ImportRowJson>>(`/api/admin/imports/${importId}/rows?${query}`, {
    keepPreviousData: true,
    refreshInterval: live ? 2000 : 0,
  });
  const choices = ran
    ? ["created", "updated", "unchanged", "rejected", "failed", "pending"]
    : ["create", "update", "unchanged", "reject"];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", gap: 2 }}>
        <TextField
          select
          size="small"
          label="Outcome"
          value={outcome}
          onChange={(e) => (setOutcome(e.target.value), setPaging({ ...paging, page: 0 }))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All rows</MenuItem>
          {choices.map((c) => (
            <MenuItem key={c} value={c}>
              {OUTCOME_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<DownloadIcon />} href={`/api/admin/imports/${importId}/report`} download>
          Download report (CSV)
        </Button>
      </Stack>
      {error && <Alert severity="error">{failureMessage(error, "Failed to list the rows")}</Alert>}
      <DataGrid
        aria-label="Rows and their outcome"
        rows={data?.items ?? []}
        getRowId={(r) => r.row}
        columns={columnsFor(ran)}
        loading={isLoading}
        rowCount={data?.total ?? 0}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[25, 50, 100]}
        disableColumnMenu
        disableRowSelectionOnClick
        autoHeight
      />
    </Stack>
  );
}
