"use client";

import AddIcon from "@mui/icons-material/Add";
import ArchiveIcon from "@mui/icons-material/Archive";
import EditIcon from "@mui/icons-material/Edit";
import HistoryIcon from "@mui/icons-material/History";
import UnarchiveIcon from "@mui/icons-material/Unarchive";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useListUrlState } from "@/components/data/list-url-state";
import { SearchField } from "@/components/ui/search-field";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { PendingConfirmDialog, type PendingConfirmation } from "@/components/feedback/confirm-dialog";
import { QUESTION_TYPE_LABELS } from "@/components/question-banks/labels";
import { QuestionEditorDialog } from "@/components/question-banks/question-editor-dialog";
import { QuestionVersionsDialog } from "@/components/question-banks/question-versions-dialog";
import { apiPatch } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";
import { QUESTION_TYPES } from "@/lib/schemas/questions";
import type { QuestionSummaryJson } from "@/lib/server/questions/json";

type Editing = { kind: "new" } | { kind: "edit"; question: QuestionSummaryJson } | null;

/** The bank's questions: searched, filtered and paged by the server; new, edit, versions, archive. */
export function QuestionList({ bankId }: { bankId: string }) {
  const router = useRouter();
  const list = useListUrlState<"type" | "tag" | "archived">();
  const [editing, setEditing] = useState<Editing>(null);
  const [versionsOf, setVersionsOf] = useState<QuestionSummaryJson | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirmation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const type = list.get("type");
  const tag = list.get("tag");
  const archived = list.get("archived");
  const query = new URLSearchParams({ page: String(list.page), page_size: String(list.pageSize) });
  if (list.q) query.set("q", list.q);
  if (type) query.set("type", type);
  if (tag) query.set("tag", tag);
  if (archived) query.set("archived", archived);
  const { data, error, isLoading, mutate } = useApi<Page<QuestionSummaryJson>>(
    `/api/question-banks/${bankId}/questions?${query}`,
    { keepPreviousData: true },
  );
  const changed = (message: string) => {
    setNotice(message);
    void mutate();
    // The bank's counts, on the server-rendered part of the page.
    router.refresh();
  };
  const setArchived = (question: QuestionSummaryJson, archive: boolean) =>
    setConfirm({
      title: `${archive ? "Archive" : "Restore"} '${question.name}'?`,
      message: archive
        ? "An archived question is no longer drawn into new attempts; attempts that used it keep it. It can be restored."
        : "The question is offered to quizzes again.",
      confirmLabel: archive ? "Archive" : "Restore",
      run: async () => {
        await apiPatch(`/api/question-banks/${bankId}/questions/${question.id}`, { archived: archive });
        changed(`'${question.name}' ${archive ? "archived" : "restored"}`);
      },
    });
  const filtered = Boolean(list.q || type || tag || archived);
  const columns = questionColumns({
    onEdit: (question) => setEditing({ kind: "edit", question }),
    onVersions: setVersionsOf,
    onArchive: setArchived,
  });
  return (
    <Stack component="section" aria-labelledby="questions-heading" spacing={2}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography id="questions-heading" variant="h6" component="h2">
          Questions
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: "new" })}>
          New question
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <SearchField label="Search questions" value={list.q} onSearch={(q) => list.update({ q, page: 1 })} />
        <TextField
          select
          size="small"
          label="Type"
          value={type}
          onChange={(e) => list.update({ type: e.target.value, page: 1 })}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All types</MenuItem>
          {QUESTION_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {QUESTION_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <SearchField label="Tags" value={tag} onSearch={(t) => list.update({ tag: t, page: 1 })} />
        <TextField
          select
          size="small"
          label="Status"
          value={archived}
          onChange={(e) => list.update({ archived: e.target.value, page: 1 })}
          sx={{ minWidth: 140 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">In use</MenuItem>
          <MenuItem value="true">Archived</MenuItem>
          <MenuItem value="all">All</MenuItem>
        </TextField>
      </Stack>
      {error && <Alert severity="error">{failureMessage(error, "Failed to load the questions")}</Alert>}
      <ServerDataGrid
        label="Questions"
        total={data?.total}
        list={list}
        emptyLabel={filtered ? "No question matches these filters" : "No questions yet: write one or import a file"}
        rows={data?.items ?? []}
        columns={columns}
        loading={isLoading}
      />
      {editing && (
        <QuestionEditorDialog
          bankId={bankId}
          questionId={editing.kind === "edit" ? editing.question.id : null}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            changed(
              saved.current_version === 1
                ? `'${saved.name}' created`
                : `'${saved.name}' saved as version ${saved.current_version}`,
            )
          }
        />
      )}
      {versionsOf && (
        <QuestionVersionsDialog bankId={bankId} question={versionsOf} onClose={() => setVersionsOf(null)} />
      )}
      <PendingConfirmDialog pending={confirm} onClose={() => setConfirm(null)} />
      <Snackbar open={Boolean(notice)} autoHideDuration={5000} onClose={() => setNotice(null)} message={notice} />
    </Stack>
  );
}

function questionColumns(actions: {
  onEdit: (q: QuestionSummaryJson) => void;
  onVersions: (q: QuestionSummaryJson) => void;
  onArchive: (q: QuestionSummaryJson, archive: boolean) => void;
}): GridColDef<QuestionSummaryJson>[] {
  return [
    { field: "name", headerName: "Name", flex: 2, minWidth: 200, sortable: false },
    {
      field: "type",
      headerName: "Type",
      width: 160,
      sortable: false,
      valueGetter: (value: QuestionSummaryJson["type"]) => QUESTION_TYPE_LABELS[value],
    },
    {
      field: "tags",
      headerName: "Tags",
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", height: "100%", overflow: "hidden" }}>
          {row.tags.map((t) => (
            <Chip key={t} size="small" label={t} />
          ))}
        </Stack>
      ),
    },
    {
      field: "current_version",
      headerName: "Version",
      width: 90,
      sortable: false,
      valueGetter: (value: number, row) => `v${value}${row.archived_at ? " (archived)" : ""}`,
    },
    {
      field: "actions",
      headerName: "Actions",
      width: 150,
      sortable: false,
      renderCell: ({ row }) => {
        const archived = row.archived_at !== null;
        const button = (label: string, icon: ReactNode, run: () => void, disabled = false) => (
          <Tooltip title={label}>
            <span>
              <IconButton size="small" aria-label={`${label} ${row.name}`} onClick={run} disabled={disabled}>
                {icon}
              </IconButton>
            </span>
          </Tooltip>
        );
        return (
          <Stack direction="row" sx={{ alignItems: "center", height: "100%" }}>
            {button("Edit", <EditIcon fontSize="small" />, () => actions.onEdit(row), archived)}
            {button("Versions of", <HistoryIcon fontSize="small" />, () => actions.onVersions(row))}
            {archived
              ? button("Restore", <UnarchiveIcon fontSize="small" />, () => actions.onArchive(row, false))
              : button("Archive", <ArchiveIcon fontSize="small" />, () => actions.onArchive(row, true))}
          </Stack>
        );
      },
    },
  ];
}
