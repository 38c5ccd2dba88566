"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { failureMessage } from "@/lib/client/spec-calls";
import { SearchSelect, type SearchOption } from "@/components/forms/search-select";
import type { GroupListJson } from "@/lib/server/groups/queries";
import { apiPost } from "@/lib/client/api";
import type { Page } from "@/lib/schemas/pagination";
import type { BulkUserActionInput } from "@/lib/schemas/users";
import type { BulkUserResult } from "@/lib/server/users/bulk";

type Action = BulkUserActionInput["action"];

const people = (n: number) => `${n} user${n === 1 ? "" : "s"}`;
const search = (path: string) => (q: string) => `${path}?page_size=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;

const ACTIONS: Record<
  Action,
  {
    label: string;
    title: (n: number) => string;
    needs?: "group" | "course";
    done: (n: number, choice: SearchOption | null) => string;
  }
> = {
  deactivate: {
    label: "Deactivate",
    title: (n) => `Deactivate ${people(n)}?`,
    done: (n) => `${people(n)} deactivated.`,
  },
  reactivate: {
    label: "Reactivate",
    title: (n) => `Reactivate ${people(n)}?`,
    done: (n) => `${people(n)} reactivated.`,
  },
  add_to_group: {
    label: "Add to group",
    title: (n) => `Add ${people(n)} to a group`,
    needs: "group",
    done: (n, c) => `${people(n)} added to ${c?.label} and enrolled in its courses.`,
  },
  enroll: {
    label: "Enroll in course",
    title: (n) => `Enroll ${people(n)} in a course`,
    needs: "course",
    done: (n, c) => `${people(n)} enrolled in ${c?.label}.`,
  },
};

/** What to do with the users selected in the list; one request for all of them. */
export function BulkActions({
  userIds,
  onDone,
  onClear,
}: {
  userIds: string[];
  onDone: (message: string) => Promise<void>;
  onClear: () => void;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const [choice, setChoice] = useState<SearchOption | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = (next: Action) => {
    setAction(next);
    setChoice(null);
    setError(null);
  };
  const spec = action ? ACTIONS[action] : null;
  const apply = async () => {
    if (!action || !spec) return;
    setBusy(true);
    setError(null);
    try {
      const body = {
        action,
        user_ids: userIds,
        ...(action === "add_to_group"
          ? { group_id: choice?.id }
          : action === "enroll"
            ? { course_id: choice?.id }
            : {}),
      };
      const { affected } = await apiPost<BulkUserResult>("/api/admin/users/bulk", body);
      setAction(null);
      await onDone(spec.done(affected, choice));
    } catch (e) {
      setError(failureMessage(e, "Failed to apply the action"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }} role="toolbar" aria-label="Selected users">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography sx={{ mr: 1 }}>{people(userIds.length)} selected</Typography>
        {(Object.keys(ACTIONS) as Action[]).map((key) => (
          <Button key={key} size="small" variant="outlined" onClick={() => open(key)}>
            {ACTIONS[key].label}
          </Button>
        ))}
        <Button size="small" onClick={onClear}>
          Clear selection
        </Button>
      </Stack>
      {spec && (
        <Dialog
          open
          onClose={busy ? undefined : () => setAction(null)}
          fullWidth
          maxWidth="sm"
          aria-labelledby="bulk-title"
        >
          <DialogTitle id="bulk-title">{spec.title(userIds.length)}</DialogTitle>
          <DialogContent>
            {error && (
              <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                {error}
              </Alert>
            )}
            {action === "deactivate" && (
              <DialogContentText>
                They can no longer sign in and are signed out everywhere at once. Their enrollments, progress and groups
                are kept.
              </DialogContentText>
            )}
            {action === "reactivate" && (
              <DialogContentText>They can sign in again with their password.</DialogContentText>
            )}
            {spec.needs === "group" && (
              <SearchSelect<GroupListJson>
                label="Group"
                pathFor={search("/api/admin/groups")}
                optionsOf={(d) => d.groups.map((g) => ({ id: g.id, label: g.name }))}
                value={choice}
                onChange={setChoice}
              />
            )}
            {spec.needs === "course" && (
              <SearchSelect<Page<{ id: string; title: string }>>
                label="Course"
                pathFor={search("/api/courses")}
                optionsOf={(d) => d.items.map((c) => ({ id: c.id, label: c.title }))}
                value={choice}
                onChange={setChoice}
              />
            )}
            {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Applying" />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAction(null)} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="contained"
              color={action === "deactivate" ? "error" : "primary"}
              onClick={apply}
              disabled={busy || (Boolean(spec.needs) && !choice)}
            >
              {spec.label}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
