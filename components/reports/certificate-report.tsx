"use client";

import BlockIcon from "@mui/icons-material/Block";
import DownloadIcon from "@mui/icons-material/Download";
import RefreshIcon from "@mui/icons-material/Refresh";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Box from "@mui/material/Box";
import Tooltip from "@mui/material/Tooltip";
import Link from "@/components/navigation/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { ReasonDialog } from "@/components/certificates/reason-dialog";
import { useListUrlState } from "@/components/data/list-url-state";
import { learnerReportHref } from "@/components/reports/breakdowns";
import { formatCount, formatDay } from "@/components/reports/format";
import { MetricCards, type Figure } from "@/components/reports/metric-cards";
import { TwoLineCell } from "@/components/reports/two-line-cell";
import styles from "@/components/reports/report-grid.module.css";
import { ReportGrid } from "@/components/reports/report-grid";
import { readReportFilters } from "@/components/reports/report-query";
import { MONO_FONT_FAMILY } from "@/components/theme/fonts";
import { Select } from "@/components/ui/select";
import { apiPost } from "@/lib/client/api";
import { certificateState, STATE_LABEL, stateText } from "@/lib/certificates/status";
import type { Page } from "@/lib/schemas/pagination";
import type { CertificateReportState } from "@/lib/schemas/reports";
import type { CertificateReportPage, CertificateReportRow } from "@/lib/server/reports/certificates";

// The certificates report: counts by state (which also pick the rows), the certificates themselves, and
// for those who may, revoking and re-issuing one.

const STATES: { value: CertificateReportState | ""; label: string }[] = [
  { value: "", label: "All certificates" },
  { value: "valid", label: "Valid" },
  { value: "expiring_30", label: "Expiring within 30 days" },
  { value: "expiring_60", label: "Expiring within 60 days" },
  { value: "expiring_90", label: "Expiring within 90 days" },
  { value: "expired", label: "Expired" },
  { value: "revoked", label: "Revoked" },
];

// The words come first (STATE_LABEL); the colour only repeats them. The outlined chip's words stay in the
// text colour: the warning orange on white is too faint for small text.
const STATE_CHIP = {
  valid: { color: "success", variant: "filled" },
  expiring: { color: "warning", variant: "outlined" },
  expired: { color: "warning", variant: "filled" },
  revoked: { color: "error", variant: "filled" },
} as const;

function summaryFigures(summary: CertificateReportPage["summary"] | undefined): Figure[] {
  const n = (v: number | undefined) => (summary ? formatCount(v) : "…");
  return [
    { label: "Issued", value: n(summary?.issued) },
    { label: "Valid", value: n(summary?.valid) },
    { label: "Expiring within 30 days", value: n(summary?.expiring_30) },
    { label: "Expiring within 60 days", value: n(summary?.expiring_60) },
    { label: "Expiring within 90 days", value: n(summary?.expiring_90) },
    { label: "Expired", value: n(summary?.expired), note: `${n(summary?.revoked)} revoked` },
  ];
}

type Action = { kind: "revoke" | "reissue"; row: CertificateReportRow };

export interface CertificateReportProps {
  /** Whether the viewer may revoke and re-issue (organization administrators). */
  canRevoke: boolean;
  /** One learner's certificates (their report page): no state picker or figures then. */
  userId?: string;
}

export function CertificateReport({ canRevoke, userId }: CertificateReportProps) {
  const filters = readReportFilters(useSearchParams());
  const list = useListUrlState<"certificate_status">();
  const state = list.get("certificate_status");
  const [action, setAction] = useState<Action | null>(null);
  const { mutate } = useSWRConfig();
  const reload = () =>
    mutate((key) => typeof key === "string" && key.startsWith("/api/reports/certificates"), undefined, {
      revalidate: true,
    });

  async function confirm(reason: string) {
    if (!action) return;
    const id = action.row.certificate_id;
    await apiPost(`/api/certificates/${id}/${action.kind}`, { reason });
    await reload();
  }

  const above = (data: Page<CertificateReportRow> | undefined) =>
    userId ? null : (
      <>
        <MetricCards figures={summaryFigures((data as CertificateReportPage | undefined)?.summary)} />
        {/* "All certificates" is the empty value: shown as chosen, under the label above the field. */}
        <Select
          size="small"
          label="Status"
          value={state}
          options={STATES}
          onChange={(e) => list.update({ certificate_status: e.target.value, page: 1 })}
          className={styles.state}
        />
      </>
    );

  return (
    <>
      <ReportGrid<CertificateReportRow>
        label="Certificates"
        apiPath="/api/reports/certificates"
        query={{ certificate_status: state || undefined, user_id: userId }}
        renderAbove={above}
        getRowId={(r) => r.certificate_id}
        defaultSort={{ field: "expires_at", order: "asc" }}
        searchLabel={userId ? undefined : "Search learner, e-mail, course or code"}
        emptyText="No certificates issued yet"
        // Minimum widths that add up to what the grid has at 1280 px beside the navigation, so no column
        // (the actions last of all) is cut there; the e-mail rides under the name instead of a column of
        // its own, and the code is set small in a monospace face.
        columns={[
          {
            field: "learner",
            headerName: "Learner",
            flex: 1,
            minWidth: 170,
            valueGetter: (_v, row) => row.learner_name,
            renderCell: ({ row }) => (
              <TwoLineCell secondary={row.email}>
                <Link href={learnerReportHref(row.user_id, filters)}>{row.learner_name}</Link>
              </TwoLineCell>
            ),
          },
          {
            field: "course",
            headerName: "Course",
            flex: 1,
            minWidth: 150,
            valueGetter: (_v, row) => row.course_title,
          },
          {
            field: "completed_at",
            headerName: "Completed",
            width: 104,
            valueFormatter: (v: string) => formatDay(v),
          },
          {
            field: "expires_at",
            headerName: "Expires",
            width: 104,
            valueFormatter: (v: string | null) => (v ? formatDay(v) : "Never"),
          },
          {
            field: "status",
            headerName: "Status",
            width: 112,
            sortable: false,
            renderCell: ({ row }) => {
              const shown = certificateState(row.status, row.expires_at);
              return (
                <Chip
                  size="small"
                  label={STATE_LABEL[shown]}
                  color={STATE_CHIP[shown].color}
                  variant={STATE_CHIP[shown].variant}
                  sx={shown === "expiring" ? { color: "text.primary" } : undefined}
                  title={row.revoked_reason ?? (shown === "expiring" ? stateText(shown, row.expires_at) : undefined)}
                />
              );
            },
          },
          {
            field: "code",
            headerName: "Code",
            width: 196,
            sortable: false,
            renderCell: ({ row }) => (
              <Box component="span" sx={{ fontFamily: MONO_FONT_FAMILY, fontSize: "0.75rem" }}>
                {row.code}
              </Box>
            ),
          },
          {
            field: "actions",
            headerName: "Actions",
            width: canRevoke ? 120 : 70,
            sortable: false,
            renderCell: ({ row }) => (
              <>
                <Tooltip title="Download the PDF">
                  <IconButton
                    size="small"
                    href={row.pdf_url}
                    download={`certificate-${row.code}.pdf`}
                    aria-label={`Download the certificate of ${row.learner_name} for ${row.course_title}`}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {canRevoke && row.status !== "revoked" && (
                  <Tooltip title="Revoke">
                    <IconButton
                      size="small"
                      onClick={(e) => {
                        e.stopPropagation();
                        setAction({ kind: "revoke", row });
                      }}
                      aria-label={`Revoke the certificate of ${row.learner_name} for ${row.course_title}`}
                    >
                      <BlockIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {canRevoke && row.latest && (
                  <Tooltip title="Re-issue">
                    <IconButton
                      size="small"
                      onClick={(e) => {
                        e.stopPropagation();
                        setAction({ kind: "reissue", row });
                      }}
                      aria-label={`Re-issue the certificate of ${row.learner_name} for ${row.course_title}`}
                    >
                      <RefreshIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </>
            ),
          },
        ]}
      />
      {action && (
        <ReasonDialog
          title={action.kind === "revoke" ? "Revoke this certificate?" : "Re-issue this certificate?"}
          message={
            action.kind === "revoke"
              ? `${action.row.learner_name}'s certificate for ${action.row.course_title} (code ${action.row.code}) will ` +
                "verify as revoked from now on, for anyone who checks it. This cannot be undone: only a re-issue makes a new one."
              : `A new certificate with a new code, today's names and the course's template replaces ${action.row.learner_name}'s ` +
                `certificate for ${action.row.course_title} (code ${action.row.code}); that one is revoked with your reason.`
          }
          confirmLabel={action.kind === "revoke" ? "Revoke" : "Re-issue"}
          onConfirm={confirm}
          onClose={() => setAction(null)}
        />
      )}
    </>
  );
}
