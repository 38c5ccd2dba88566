"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import { useState, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { failureMessage } from "@/lib/client/spec-calls";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { GroupPicker } from "@/components/groups/group-picker";
import { ApiError } from "@/lib/client/api";
import { roleLabel, type Role } from "@/lib/routes";
import { USER_ROLES, userFormSchema, type UserFormValues } from "@/lib/schemas/users";
import { can } from "@/lib/tenancy/role-permissions";

type Input = z.input<typeof userFormSchema>;

/**
 * The roles the caller may give (docs/permissions.md "Users"): an administrator's role, one that itself
 * manages administrators, only by someone who holds users:manage:admins (the server's rule, rules.ts).
 */
function assignableRoles(callerRole: Role): readonly Role[] {
  if (can(callerRole, "users:manage:admins")) return USER_ROLES;
  return USER_ROLES.filter((role) => !can(role, "users:manage:admins"));
}

interface Props {
  mode: "add" | "edit";
  callerRole: Role;
  initial?: Partial<Input>;
  /** Fields the caller may not change here (their own role). */
  lockRole?: boolean;
  disabled?: boolean;
  submitLabel: string;
  onSubmit: (values: UserFormValues) => Promise<void>;
  actions?: ReactNode;
}

/** A person's names, e-mail, username, role and groups; when adding, also how they get in. */
export function UserForm({ mode, callerRole, initial, lockRole, disabled, submitLabel, onSubmit, actions }: Props) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: {
      first_name: "",
      last_name: "",
      email: "",
      username: "",
      role: "learner",
      groups: [],
      access: "invitation",
      password: "",
      ...initial,
    },
  });
  const roles = assignableRoles(callerRole);
  const current = initial?.role as Role | undefined;
  const access = useWatch({ control: form.control, name: "access" });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (e) {
      setError(failureMessage(e, mode === "add" ? "Failed to add the user" : "Failed to save the user"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <form method="post" onSubmit={submit} noValidate aria-label={mode === "add" ? "New user" : "Edit user"}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
          <FormTextField control={form.control} name="first_name" label="First name" autoComplete="off" />
          <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="off" />
        </Stack>
        <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
        <FormTextField
          control={form.control}
          name="username"
          label="Username"
          autoComplete="off"
          helperText={mode === "add" ? "Optional: the e-mail's name when left empty" : undefined}
        />
        <FormTextField
          control={form.control}
          name="role"
          label="Role"
          select
          disabled={lockRole}
          helperText={lockRole ? "You cannot change your own role" : undefined}
        >
          {/* An administrator shown to an org admin stays listed (read-only) so the field shows the truth. */}
          {[...roles, ...(current && !roles.includes(current) ? [current] : [])].map((role) => (
            <MenuItem key={role} value={role}>
              {roleLabel(role)}
            </MenuItem>
          ))}
        </FormTextField>
        <Controller
          control={form.control}
          name="groups"
          render={({ field, fieldState }) => (
            <GroupPicker
              label="Groups"
              value={field.value}
              onChange={field.onChange}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
        {mode === "add" && (
          <FormControl component="fieldset" margin="normal">
            <FormLabel component="legend">How they sign in</FormLabel>
            <Controller
              control={form.control}
              name="access"
              render={({ field }) => (
                <RadioGroup {...field}>
                  <FormControlLabel
                    value="invitation"
                    control={<Radio />}
                    label="Send an invitation e-mail: they choose their own password"
                  />
                  <FormControlLabel
                    value="password"
                    control={<Radio />}
                    label="Set a password now (tell them yourself)"
                  />
                </RadioGroup>
              )}
            />
          </FormControl>
        )}
        {mode === "add" && access === "password" && (
          <FormTextField
            control={form.control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            helperText="At least 8 characters"
          />
        )}
      </fieldset>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", pt: 2 }}>
        {actions}
        {!disabled && <SubmitButton isSubmitting={form.formState.isSubmitting}>{submitLabel}</SubmitButton>}
      </Stack>
    </form>
  );
}
