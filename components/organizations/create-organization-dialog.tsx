"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import type { OrganizationAdmin, TenantAddress } from "@/components/organizations/types";
import { ApiError, apiPost } from "@/lib/client/api";
import { createOrganizationSchema } from "@/lib/schemas/organizations";
import { tenantOrigin } from "@/lib/tenancy/host";
import { failureMessage } from "@/lib/client/spec-calls";

type Created = { organization: OrganizationAdmin; admin: { email: string }; invitation_sent: boolean };

/** The superadmin's "Create organization": its name and address, and its first org_admin (invited by e-mail). */
export function CreateOrganizationDialog({
  address,
  onCreated,
  onClose,
}: {
  address: TenantAddress;
  onCreated: (created: Created) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof createOrganizationSchema>, unknown, z.output<typeof createOrganizationSchema>>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: { name: "", subdomain: "", admin: { first_name: "", last_name: "", email: "" } },
  });
  const subdomain = (useWatch({ control: form.control, name: "subdomain" }) ?? "").trim().toLowerCase();
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onCreated(await apiPost<Created>("/api/admin/organizations", values, { retryOnTimeout: false }));
    } catch (e) {
      setError(failureMessage(e, "Could not create the organization"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <Dialog
      open
      onClose={form.formState.isSubmitting ? undefined : onClose}
      aria-labelledby="create-organization-title"
      maxWidth="sm"
      fullWidth
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Create organization">
        <DialogTitle id="create-organization-title">Create organization</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <FormTextField control={form.control} name="name" label="Organization name" autoFocus />
          <FormTextField
            control={form.control}
            name="subdomain"
            label="Subdomain"
            helperText={
              subdomain
                ? `Its address: ${tenantOrigin(subdomain.replace(/[^a-z0-9-]/g, "") || "x", address.appDomain, address.baseOrigin)}`
                : "3–63 letters, digits and hyphens"
            }
          />
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 500 }}>
            First administrator
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            They get an e-mail with a link to set their password on the new address.
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
            <FormTextField control={form.control} name="admin.first_name" label="First name" />
            <FormTextField control={form.control} name="admin.last_name" label="Last name" />
          </Stack>
          <FormTextField control={form.control} name="admin.email" label="E-mail" type="email" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium">
            Create
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
