"use client";

import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { format } from "date-fns";
import Link from "@/components/navigation/link";
import { SimpleTable } from "@/components/data/simple-table";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";
import type { ImportJson } from "@/lib/server/imports/serialize";

const STATUS: Record<string, string> = {
  uploaded: "Uploaded",
  checking: "Dry run…",
  checked: "Dry run done",
  running: "Running",
  completed: "Completed",
  cancelled: "Cancelled",
  failed: "Failed",
};

/** The latest imports; an import under way shows its progress (read again every few seconds). */
export function ImportHistory() {
  const { data, error } = useApi<Page<ImportJson>>("/api/admin/imports?page_size=20", {
    refreshInterval: (latest) =>
      latest?.items.some((i) => i.status === "running" || i.status === "checking") ? 2000 : 0,
  });
  if (error) return <Alert severity="error">{failureMessage(error, "Failed to list the imports")}</Alert>;
  if (!data) return null;
  if (data.items.length === 0) return <Typography color="text.secondary">No imports yet.</Typography>;
  return (
    <SimpleTable
      label="Import history"
      columns={[
        { key: "file", label: "File" },
        { key: "when", label: "Uploaded" },
        { key: "status", label: "Status" },
        { key: "summary", label: "Outcome" },
      ]}
      rows={data.items.map((i) => ({
        id: i.id,
        cells: {
          file: <Link href={`/admin/import-export/import?id=${i.id}`}>{i.file_name}</Link>,
          when: format(new Date(i.created_at), "d MMM yyyy HH:mm"),
          status:
            i.status === "running" || i.status === "checking"
              ? `${STATUS[i.status]} ${Math.floor((i.progress.done / Math.max(1, i.progress.total)) * 100)}%`
              : (STATUS[i.status] ?? i.status),
          summary: i.summary,
        },
      }))}
    />
  );
}
