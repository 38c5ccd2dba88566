"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { format } from "date-fns";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { PendingConfirmDialog, type PendingConfirmation } from "@/components/feedback/confirm-dialog";
import { failureMessage } from "@/lib/client/spec-calls";
import { apiDelete, apiPatch, apiPost } from "@/lib/client/api";
import type { AdminUserDetailJson } from "@/lib/server/users/detail";

const when = (iso: string) => format(new Date(iso), "d MMM yyyy HH:mm");
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** What deleting takes along and what stays: the confirmation says it before anything happens. */
export function deletionMessage(user: AdminUserDetailJson): string {
  const { enrollments, messages_sent, courses_created } = user.counts;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    `Deleting ${name} removes their ${plural(enrollments, "enrollment")} with all their progress, their group memberships ` +
    `and the ${plural(messages_sent, "message")} they sent. ` +
    `${courses_created ? `The ${plural(courses_created, "course")} they created stay${courses_created === 1 ? "s" : ""}, ` : "Courses, groups and events they created stay, "}` +
    `with "a deleted user" as the creator. This cannot be undone: to keep their records, deactivate them instead.`
  );
}

/** Signing in: status, invitation, deactivate or reactivate, and deleting the account. */
export function AccountPanel({ user, onChanged }: { user: AdminUserDetailJson; onChanged: () => Promise<unknown> }) {
  const router = useRouter();
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const name = `${user.first_name} ${user.last_name}`;
  const locked = !user.can_edit || user.is_self;
  const active = user.status === "active";
  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    setFeedback(null);
    try {
      await action();
      await onChanged();
      setFeedback({ ok: true, text: done });
    } catch (e) {
      setFeedback({ ok: false, text: failureMessage(e, failed) });
    } finally {
      setBusy(false);
    }
  };
  const setStatus = (status: "active" | "suspended") => apiPatch(`/api/admin/users/${user.id}`, { status });
  const invite = () =>
    run(
      () => apiPost(`/api/admin/users/${user.id}/invitation`),
      `A new invitation was sent to ${user.email}.`,
      "Failed to send the invitation",
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="account-heading">
      <Typography variant="h6" component="h2" id="account-heading" gutterBottom>
        Account
      </Typography>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Chip label={active ? "Active" : "Deactivated"} color={active ? "success" : "default"} size="small" />
          <Typography variant="body2">
            {user.last_login_at ? `Last signed in ${when(user.last_login_at)}` : "Has never signed in"}
          </Typography>
        </Stack>
        {user.invitation && (
          <Typography variant="body2">
            {user.invitation.status === "pending"
              ? `Invitation sent ${when(user.invitation.sent_at)}; its link works until ${when(user.invitation.expires_at)}.`
              : `The invitation sent ${when(user.invitation.sent_at)} has expired or was withdrawn.`}
          </Typography>
        )}
        {feedback && (
          <Alert
            severity={feedback.ok ? "success" : "error"}
            role={feedback.ok ? "status" : "alert"}
            onClose={() => setFeedback(null)}
          >
            {feedback.text}
          </Alert>
        )}
        {user.is_self && (
          <Typography variant="body2" color="text.secondary">
            This is your own account: you cannot deactivate or delete it.
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
          {active ? (
            <Button
              variant="outlined"
              disabled={locked || busy}
              onClick={() =>
                setPending({
                  title: `Deactivate ${name}?`,
                  message: `${name} can no longer sign in and is signed out everywhere at once. Their enrollments, progress and groups are kept; you can reactivate them later.`,
                  confirmLabel: "Deactivate",
                  run: () => run(() => setStatus("suspended"), `${name} is deactivated.`, "Failed to deactivate"),
                })
              }
            >
              Deactivate
            </Button>
          ) : (
            <Button
              variant="outlined"
              disabled={locked || busy}
              onClick={() => run(() => setStatus("active"), `${name} can sign in again.`, "Failed to reactivate")}
            >
              Reactivate
            </Button>
          )}
          {active && !user.last_login_at && (
            <Button variant="outlined" disabled={!user.can_edit || busy} onClick={invite}>
              {user.invitation ? "Send the invitation again" : "Send an invitation"}
            </Button>
          )}
          {active && user.last_login_at && (
            <Button
              variant="outlined"
              disabled={!user.can_edit || busy}
              onClick={() =>
                setPending({
                  title: `Sign ${name} out everywhere?`,
                  message: `Every session of ${name} ends at once, on every device${user.is_self ? ", this one included" : ""}. They can sign in again.`,
                  confirmLabel: "Sign out everywhere",
                  run: () =>
                    run(
                      () => apiDelete(`/api/admin/users/${user.id}/sessions`),
                      `${name} is signed out everywhere.`,
                      "Failed to sign the user out",
                    ),
                })
              }
            >
              Sign out everywhere
            </Button>
          )}
          <Button
            color="error"
            disabled={locked || busy}
            onClick={() =>
              setPending({
                title: `Delete ${name}?`,
                message: deletionMessage(user),
                confirmLabel: "Delete",
                run: async () => {
                  await apiDelete(`/api/admin/users/${user.id}`);
                  router.push("/admin/users");
                  router.refresh();
                },
              })
            }
          >
            Delete user
          </Button>
        </Stack>
      </Stack>
      <PendingConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </Paper>
  );
}
