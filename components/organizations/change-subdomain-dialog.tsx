"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import type { OrganizationAdmin, TenantAddress } from "@/components/organizations/types";
import { ApiError, apiPut } from "@/lib/client/api";
import { changeSubdomainSchema } from "@/lib/schemas/organizations";
import { tenantOrigin } from "@/lib/tenancy/host";
import { failureMessage } from "@/lib/client/spec-calls";

/** A new subdomain for one organization: checked as typed (the server also checks it is free), with the new address shown. */
export function ChangeSubdomainDialog({
  organization,
  address,
  onChanged,
  onClose,
}: {
  organization: OrganizationAdmin;
  address: TenantAddress;
  onChanged: (o: OrganizationAdmin) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof changeSubdomainSchema>, unknown, z.output<typeof changeSubdomainSchema>>({
    resolver: zodResolver(changeSubdomainSchema),
    mode: "onChange",
    defaultValues: { subdomain: organization.subdomain },
  });
  const typed = (useWatch({ control: form.control, name: "subdomain" }) ?? "").trim().toLowerCase();
  const valid = changeSubdomainSchema.safeParse({ subdomain: typed }).success;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onChanged(
        await apiPut<OrganizationAdmin>(`/api/admin/organizations/${organization.id}/subdomain`, values, {
          retryOnTimeout: false,
        }),
      );
    } catch (e) {
      setError(failureMessage(e, "Could not change the subdomain"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  const at = (subdomain: string) => tenantOrigin(subdomain, address.appDomain, address.baseOrigin);
  return (
    <Dialog
      open
      onClose={form.formState.isSubmitting ? undefined : onClose}
      aria-labelledby="change-subdomain-title"
      maxWidth="sm"
      fullWidth
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Change subdomain">
        <DialogTitle id="change-subdomain-title">Change the subdomain of {organization.name}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <DialogContentText>
            Now at {at(organization.subdomain)}. After the change that address answers &apos;Page Not Found&apos; and
            everyone of {organization.name} is signed out.
          </DialogContentText>
          <FormTextField control={form.control} name="subdomain" label="New subdomain" autoFocus />
          <Alert severity={valid ? "info" : "warning"} sx={{ mt: 1 }} data-testid="subdomain-preview">
            New address: {valid ? at(typed) : "— (not a valid subdomain yet)"}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <SubmitButton
            isSubmitting={form.formState.isSubmitting}
            size="medium"
            disabled={!valid || typed === organization.subdomain}
          >
            Change subdomain
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
