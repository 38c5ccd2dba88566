"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import type { GroupDetailJson } from "@/lib/server/groups/queries";
import { ApiError, apiPatch, apiPost } from "@/lib/client/api";
import { createGroupSchema } from "@/lib/schemas/groups";
import { failureMessage } from "@/lib/client/spec-calls";

type Input = z.input<typeof createGroupSchema>;

/** Name and description of a group: creates one, or edits `group`. */
export function GroupForm({
  group,
  onSaved,
  actions,
}: {
  group?: GroupDetailJson;
  onSaved: (group: GroupDetailJson) => void;
  actions?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, z.output<typeof createGroupSchema>>({
    resolver: zodResolver(createGroupSchema),
    defaultValues: { name: group?.name ?? "", description: group?.description ?? "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = group
        ? await apiPatch<GroupDetailJson>(`/api/admin/groups/${group.id}`, values)
        : await apiPost<GroupDetailJson>("/api/admin/groups", values);
      onSaved(saved);
    } catch (e) {
      setError(failureMessage(e, group ? "Failed to update the group" : "Failed to create the group"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={group ? "Edit group" : "New group"}>
      <Stack spacing={1}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <FormTextField control={form.control} name="name" label="Name" autoFocus />
        <FormTextField control={form.control} name="description" label="Description" multiline minRows={2} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", pt: 1 }}>
          {actions}
          <SubmitButton isSubmitting={form.formState.isSubmitting}>{group ? "Save" : "Create group"}</SubmitButton>
        </Stack>
      </Stack>
    </form>
  );
}

/** The add page's form: on to the new group, to add members and courses. */
export function AddGroupForm() {
  const router = useRouter();
  return <GroupForm onSaved={(group) => router.push(`/admin/groups/${group.id}`)} />;
}
