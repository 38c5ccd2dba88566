"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import type { NoticeState } from "@/components/feedback/notice";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormSelect } from "@/components/forms/form-select";
import { FormSwitch } from "@/components/forms/form-switch";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { BrandColorField } from "@/components/organizations/brand-color-field";
import type { OrganizationAdmin } from "@/components/organizations/types";
import { ApiError, apiPatch } from "@/lib/client/api";
import { roleLabel } from "@/lib/routes";
import { organizationNameSchema, SELF_REGISTRATION_ROLES } from "@/lib/schemas/organization-settings";
import { brandColorSchema } from "@/lib/schemas/organizations";
import { failureMessage } from "@/lib/client/spec-calls";

// The form's own shape: an empty colour field means "the default", which the API spells null.
const formSchema = z.object({
  name: organizationNameSchema,
  primary_color: z.union([z.literal(""), brandColorSchema]),
  allow_self_registration: z.boolean(),
  self_registration_role: z.enum(SELF_REGISTRATION_ROLES),
});

/** Name, primary colour and self-registration of one organization (PATCH /api/admin/organizations/{id}). */
export function OrganizationForm({
  organization,
  onSaved,
  onNotice,
}: {
  organization: OrganizationAdmin;
  onSaved: (o: OrganizationAdmin) => void;
  onNotice: (n: NoticeState) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: organization.name,
      primary_color: organization.branding.primaryColor ?? "",
      allow_self_registration: organization.settings.allowSelfRegistration,
      self_registration_role: organization.settings.selfRegistrationRole,
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await apiPatch<OrganizationAdmin>(`/api/admin/organizations/${organization.id}`, {
        ...values,
        primary_color: values.primary_color || null,
      });
      form.reset({ ...values });
      onSaved(saved);
      onNotice({ severity: "success", message: "Organization saved." });
    } catch (e) {
      setError(failureMessage(e, "Could not save the organization"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Organization details">
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormTextField control={form.control} name="name" label="Name" />
      <Controller
        control={form.control}
        name="primary_color"
        render={({ field, fieldState }) => (
          <BrandColorField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <FormSwitch
        control={form.control}
        name="allow_self_registration"
        label="Anyone may register on the organization's address"
      />
      <FormSelect
        control={form.control}
        name="self_registration_role"
        label="Role of a self-registered account"
        options={SELF_REGISTRATION_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
      />
      <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium" sx={{ mt: 2 }}>
        Save
      </SubmitButton>
    </form>
  );
}
