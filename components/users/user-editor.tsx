"use client";

import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { AccountPanel } from "@/components/users/account-panel";
import { UserForm } from "@/components/users/user-form";
import { apiPatch } from "@/lib/client/api";
import { useApi } from "@/lib/client/swr";
import type { Role } from "@/lib/routes";
import type { UpdateUserInput, UserFormValues, UserRole } from "@/lib/schemas/users";
import type { AdminUserDetailJson } from "@/lib/server/users/detail";

// What the add page passes on (?added=): how the new person gets in.
const ADDED: Record<string, { severity: "success" | "warning"; text: (email: string) => string }> = {
  invited: {
    severity: "success",
    text: (email) => `User added. An invitation to set a password was sent to ${email}.`,
  },
  password: { severity: "success", text: () => "User added. They can sign in with the password you set." },
  unsent: {
    severity: "warning",
    text: () => "User added, but the invitation e-mail could not be sent: send it again below.",
  },
};

function updateInput(values: UserFormValues, user: AdminUserDetailJson): UpdateUserInput {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    username: values.username || undefined,
    ...(user.is_self ? {} : { role: values.role }),
    group_ids: values.groups.map((g) => g.id),
  };
}

/** The edit page: details (names, e-mail, username, role, groups) and the account (status, invitation, delete). */
export function UserEditor({ initial, callerRole }: { initial: AdminUserDetailJson; callerRole: Role }) {
  const { data: user = initial, mutate } = useApi<AdminUserDetailJson>(`/api/admin/users/${initial.id}`, {
    fallbackData: initial,
  });
  const added = ADDED[useSearchParams().get("added") ?? ""];
  const [saved, setSaved] = useState(false);
  return (
    <Stack spacing={3}>
      {added && <Alert severity={added.severity}>{added.text(user.email)}</Alert>}
      {!user.can_edit && (
        <Alert severity="info">Only an administrator can change an administrator&apos;s account.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="details-heading">
        <Typography variant="h6" component="h2" id="details-heading">
          Details
        </Typography>
        {saved && (
          <Alert severity="success" role="status" onClose={() => setSaved(false)} sx={{ mt: 1 }}>
            Changes saved.
          </Alert>
        )}
        <UserForm
          mode="edit"
          callerRole={callerRole}
          initial={{
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            username: user.username,
            role: user.role as UserRole,
            groups: user.groups,
          }}
          lockRole={user.is_self}
          disabled={!user.can_edit}
          submitLabel="Save changes"
          onSubmit={async (values) => {
            setSaved(false);
            await mutate(
              await apiPatch<AdminUserDetailJson>(`/api/admin/users/${user.id}`, updateInput(values, user)),
              { revalidate: false },
            );
            setSaved(true);
          }}
        />
      </Paper>
      <AccountPanel user={user} onChanged={() => mutate()} />
    </Stack>
  );
}
