"use client";

import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { PendingConfirmDialog, type PendingConfirmation } from "@/components/feedback/confirm-dialog";
import { UserPicker, type PickedPerson } from "@/components/forms/user-picker";
import { GroupForm } from "@/components/groups/group-form";
import { SearchField } from "@/components/ui/search-field";
import type { GroupDetailJson, GroupMemberJson } from "@/lib/server/groups/queries";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { useListUrlState } from "@/components/data/list-url-state";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import { apiDelete, apiPost } from "@/lib/client/api";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";
import { failureMessage } from "@/lib/client/spec-calls";

/** A group: its details, the courses that enroll its members, and its members with their progress. */
export function GroupDetail({ initial }: { initial: GroupDetailJson }) {
  const router = useRouter();
  const { data: group = initial, mutate: reloadGroup } = useApi<GroupDetailJson>(`/api/admin/groups/${initial.id}`, {
    fallbackData: initial,
  });
  const { q, page, pageSize, update } = useListUrlState();
  const membersQuery = new URLSearchParams({ page: String(page), page_size: String(pageSize), ...(q ? { q } : {}) });
  const members = useApi<Page<GroupMemberJson>>(`/api/admin/groups/${group.id}/members?${membersQuery}`, {
    keepPreviousData: true,
  });
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reloadAll = async () => {
    await Promise.all([reloadGroup(), members.mutate()]);
  };

  const columns = useMemo<GridColDef<GroupMemberJson>[]>(
    () => [
      {
        field: "name",
        headerName: "Name",
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, row) => `${row.first_name} ${row.last_name}`,
      },
      { field: "email", headerName: "E-mail", flex: 1, minWidth: 200, sortable: false },
      { field: "role", headerName: "Role", width: 110, sortable: false },
      ...group.courses.map<GridColDef<GroupMemberJson>>((course, i) => ({
        field: `course-${course.id}`,
        headerName: course.title,
        width: 150,
        sortable: false,
        valueGetter: (_v, row) => {
          const e = row.courses[i];
          if (!e?.status) return "Not enrolled";
          return e.status === "withdrawn" ? "Withdrawn" : `${e.progress_percent ?? 0}%`;
        },
      })),
      {
        field: "actions",
        headerName: "",
        width: 70,
        sortable: false,
        renderCell: ({ row }) => (
          <IconButton
            aria-label={`Remove ${row.first_name} ${row.last_name} from the group`}
            size="small"
            onClick={() =>
              setPending({
                title: "Remove from the group?",
                message: `${row.first_name} ${row.last_name} leaves ${group.name}. Their progress is kept; their enrollments through this group are withdrawn unless another group gives them the course.`,
                confirmLabel: "Remove",
                run: async () => {
                  await apiDelete(`/api/admin/groups/${group.id}/members/${row.id}`);
                  await reloadAll();
                },
              })
            }
          >
            <PersonRemoveIcon fontSize="small" />
          </IconButton>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the columns change with the group's courses only
    [group.courses, group.id, group.name],
  );

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start", justifyContent: "space-between" }}>
          <div>
            <Typography variant="h6" component="h2">
              {group.name}
            </Typography>
            <Typography color="text.secondary">{group.description || "No description"}</Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {group.memberCount} member{group.memberCount === 1 ? "" : "s"} · {group.courseCount} course
              {group.courseCount === 1 ? "" : "s"}
            </Typography>
          </div>
          <Stack direction="row" spacing={1}>
            <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() =>
                setPending({
                  title: "Delete this group?",
                  message: `${group.name} and its ${group.memberCount} memberships go. Members keep their progress; enrollments this group gave them are withdrawn unless another group gives them the course.`,
                  confirmLabel: "Delete",
                  run: async () => {
                    await apiDelete(`/api/admin/groups/${group.id}`);
                    router.push("/admin/groups");
                    router.refresh();
                  },
                })
              }
            >
              Delete
            </Button>
          </Stack>
        </Stack>
      </Paper>

      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}

      <GroupCourses group={group} onChanged={reloadAll} onRemove={setPending} />

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="members-heading">
        <Typography variant="h6" component="h2" id="members-heading" gutterBottom>
          Members
        </Typography>
        <AddMembers
          groupId={group.id}
          onAdded={async (added) => {
            setNotice(
              added === 0
                ? "Everyone chosen was already a member."
                : `${added} member${added === 1 ? "" : "s"} added${group.courseCount ? " and enrolled in the group's courses" : ""}.`,
            );
            await reloadAll();
          }}
        />
        <Stack spacing={2} sx={{ mt: 2 }}>
          <SearchField label="Search members" value={q} onSearch={(text) => update({ q: text, page: 1 })} />
          {members.error && (
            <Alert severity="error">{failureMessage(members.error, "Failed to list the group's members")}</Alert>
          )}
          <ServerDataGrid
            label="Members"
            total={members.data?.total}
            list={{ page, pageSize, update }}
            emptyLabel={q ? `No member matches '${q}'` : "No members yet: add people above"}
            rows={members.data?.items ?? []}
            columns={columns}
            loading={members.isLoading}
          />
        </Stack>
      </Paper>

      {editing && (
        <Dialog open onClose={() => setEditing(false)} fullWidth maxWidth="sm" aria-labelledby="edit-group-title">
          <DialogTitle id="edit-group-title">Edit group</DialogTitle>
          <DialogContent>
            <GroupForm
              group={group}
              onSaved={async () => {
                setEditing(false);
                await reloadGroup();
              }}
              actions={<Button onClick={() => setEditing(false)}>Cancel</Button>}
            />
          </DialogContent>
        </Dialog>
      )}
      <PendingConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}

/** People to add, searched as you type; one request for all of them. */
function AddMembers({ groupId, onAdded }: { groupId: string; onAdded: (added: number) => Promise<void> }) {
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const { added } = await apiPost<{ added: number }>(`/api/admin/groups/${groupId}/members`, {
        user_ids: people.map((p) => p.id),
      });
      setPeople([]);
      await onAdded(added);
    } catch (e) {
      setError(failureMessage(e, "Failed to add members"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
      <div style={{ flex: 1 }}>
        <UserPicker
          label="Add people"
          value={people}
          onChange={setPeople}
          error={Boolean(error)}
          helperText={error ?? undefined}
        />
      </div>
      <Button variant="contained" disabled={people.length === 0 || busy} onClick={add}>
        {people.length > 1 ? `Add ${people.length} members` : "Add member"}
      </Button>
    </Stack>
  );
}

/** The group's courses: each enrolls every member; the caller may assign the courses they may edit. */
function GroupCourses({
  group,
  onChanged,
  onRemove,
}: {
  group: GroupDetailJson;
  onChanged: () => Promise<void>;
  onRemove: (pending: PendingConfirmation) => void;
}) {
  const [input, setInput] = useState("");
  const query = useDebouncedValue(input.trim());
  const [choice, setChoice] = useState<{ id: string; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data, isLoading } = useApi<Page<{ id: string; title: string }>>(
    `/api/courses?page_size=20${query ? `&q=${encodeURIComponent(query)}` : ""}`,
    { keepPreviousData: true },
  );
  const assigned = new Set(group.courses.map((c) => c.id));
  const assign = async () => {
    if (!choice) return;
    setBusy(true);
    setError(null);
    try {
      await apiPost(`/api/admin/groups/${group.id}/courses`, { course_id: choice.id });
      setChoice(null);
      await onChanged();
    } catch (e) {
      setError(failureMessage(e, "Failed to assign the course"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="courses-heading">
      <Typography variant="h6" component="h2" id="courses-heading" gutterBottom>
        Courses
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Every member is enrolled in these courses, and so is everyone who joins later.
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: "wrap", gap: 1, mb: 2 }}
        role="list"
        aria-label="Courses of the group"
      >
        {group.courses.length === 0 && <Typography color="text.secondary">No courses yet.</Typography>}
        {group.courses.map((course) => (
          <Chip
            key={course.id}
            role="listitem"
            label={course.title}
            onDelete={() =>
              onRemove({
                title: "Take this course away from the group?",
                message: `Members keep their progress in ${course.title}; enrollments this group gave them are withdrawn unless another group gives them the course.`,
                confirmLabel: "Remove",
                run: async () => {
                  await apiDelete(`/api/admin/groups/${group.id}/courses/${course.id}`);
                  await onChanged();
                },
              })
            }
          />
        ))}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Autocomplete
          sx={{ flex: 1 }}
          options={(data?.items ?? []).filter((c) => !assigned.has(c.id))}
          value={choice}
          onChange={(_, course) => setChoice(course)}
          inputValue={input}
          onInputChange={(_, text, reason) => reason !== "reset" && setInput(text)}
          filterOptions={(x) => x}
          loading={isLoading}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={(c) => c.title}
          renderInput={(params) => (
            <TextField {...params} label="Assign a course" error={Boolean(error)} helperText={error ?? undefined} />
          )}
        />
        <Button variant="contained" disabled={!choice || busy} onClick={assign}>
          Assign course
        </Button>
      </Stack>
    </Paper>
  );
}
