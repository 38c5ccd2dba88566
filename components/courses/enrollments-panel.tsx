"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { EnrollmentsTable } from "@/components/courses/enrollments-table";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import type { EnrollmentWithUserJson } from "@/components/courses/types";
import { UserPicker, type PickedPerson } from "@/components/forms/user-picker";
import { apiDelete, apiPatch, apiPost } from "@/lib/client/api";
import { useApi } from "@/lib/client/swr";
import { ENROLLMENT_STATUSES } from "@/lib/schemas/enrollments";
import type { Page } from "@/lib/schemas/pagination";
import { failureMessage } from "@/lib/client/spec-calls";

const PAGE_SIZE = 20;

/** The editor's Enrollments tab: who is enrolled, enrolling learners, withdrawing and reactivating. */
export function EnrollmentsPanel({ courseId }: { courseId: string }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState("");
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const params = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  const list = useApi<Page<EnrollmentWithUserJson>>(`/api/courses/${courseId}/enrollments?${params}`, {
    keepPreviousData: true,
  });
  const [picked, setPicked] = useState<PickedPerson[]>([]);
  const [enrolling, setEnrolling] = useState(false);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [withdrawing, setWithdrawing] = useState<EnrollmentWithUserJson | null>(null);

  async function enroll() {
    setEnrolling(true);
    try {
      const { enrollments } = await apiPost<{ enrollments: unknown[] }>(`/api/courses/${courseId}/enrollments`, {
        user_ids: picked.map((p) => p.id),
      });
      setPicked([]);
      setNotice({
        severity: "success",
        message: `${enrollments.length} learner${enrollments.length === 1 ? "" : "s"} enrolled`,
      });
      await list.mutate();
    } catch (e) {
      setNotice({ severity: "error", message: failureMessage(e, "Could not enroll the learners") });
    } finally {
      setEnrolling(false);
    }
  }

  async function reactivate(enrollment: EnrollmentWithUserJson) {
    try {
      await apiPatch(`/api/enrollments/${enrollment.id}`, { status: "active" });
      setNotice({ severity: "success", message: "Enrollment reactivated" });
      await list.mutate();
    } catch (e) {
      setNotice({ severity: "error", message: failureMessage(e, "Could not reactivate the enrollment") });
    }
  }

  const total = list.data?.total ?? 0;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          Enroll learners
        </Typography>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "center" } }}>
          <Box sx={{ flex: 1 }}>
            <UserPicker label="Learners to enroll" role="learner" value={picked} onChange={setPicked} />
          </Box>
          <Button variant="contained" disabled={picked.length === 0 || enrolling} onClick={() => void enroll()}>
            Enroll selected
          </Button>
        </Stack>
      </Paper>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label="Search enrollments"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Enrollment status"
          value={status}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All</MenuItem>
          {ENROLLMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s} sx={{ textTransform: "capitalize" }}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.error && <Alert severity="error">{list.error.message}</Alert>}
      {list.isLoading && <LinearProgress aria-label="Loading enrollments" />}
      {list.data && list.data.items.length === 0 && (
        <Typography color="text.secondary">
          {q || status ? "No enrollments match." : "Nobody is enrolled yet."}
        </Typography>
      )}
      {list.data && list.data.items.length > 0 && (
        <EnrollmentsTable
          items={list.data.items}
          onWithdraw={setWithdrawing}
          onReactivate={(e) => void reactivate(e)}
        />
      )}
      {total > PAGE_SIZE && (
        <Pagination
          count={Math.ceil(total / PAGE_SIZE)}
          page={page}
          onChange={(_, p) => setPage(p)}
          sx={{ alignSelf: "center" }}
        />
      )}
      {withdrawing && (
        <ConfirmDialog
          title="Withdraw enrollment?"
          message={`${withdrawing.user.first_name} ${withdrawing.user.last_name} will no longer have access to the course. Their progress is kept and comes back if they are reactivated.`}
          confirmLabel="Withdraw"
          onClose={() => setWithdrawing(null)}
          onConfirm={async () => {
            await apiDelete(`/api/enrollments/${withdrawing.id}`);
            setNotice({ severity: "success", message: "Enrollment withdrawn" });
            await list.mutate();
          }}
        />
      )}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
