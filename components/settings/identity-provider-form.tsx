"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useEffect } from "react";
import { useForm, type Control } from "react-hook-form";
import { FormTextField } from "@/components/forms/form-text-field";
import { useUnsavedChanges } from "@/components/forms/use-unsaved-changes";
import { ClaimMappingFields, type ClaimMappingValues } from "@/components/settings/claim-mapping-fields";
import { ProviderValues } from "@/components/settings/provider-values";
import { SettingsCard } from "@/components/settings/settings-card";
import { useProviderDraft } from "@/components/settings/use-provider-draft";
import { useProviderSave } from "@/components/settings/use-provider-save";
import {
  identityProviderFormSchema,
  OIDC_DEFAULTS,
  type IdentityProviderFormInput,
  type IdentityProviderView,
  type OidcProviderView,
} from "@/lib/schemas/identity-providers";

type FormInput = IdentityProviderFormInput;

function defaultsOf(saved: OidcProviderView | null): FormInput {
  if (!saved)
    return {
      name: "",
      enabled: true,
      jitEnabled: false,
      protocol: "oidc",
      issuer: "",
      clientId: "",
      clientSecret: "",
      ...OIDC_DEFAULTS,
      instructorValues: "",
      orgAdminValues: "",
    };
  const { id: _id, hasClientSecret: _has, redirectPath: _path, createdAt: _c, updatedAt: _u, ...fields } = saved;
  return {
    ...fields,
    clientSecret: "",
    instructorValues: saved.instructorValues.join(", "),
    orgAdminValues: saved.orgAdminValues.join(", "),
  };
}

/** One OpenID Connect provider, new or saved: the secret is write-only (empty keeps the stored one). */
export function IdentityProviderForm({
  saved,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  saved: OidcProviderView | null;
  onSaved: (provider: IdentityProviderView) => void;
  onCancel: () => void;
  /** Told whether the form holds unsaved edits (false again when it closes). */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useForm<FormInput>({
    resolver: zodResolver(identityProviderFormSchema),
    defaultValues: defaultsOf(saved),
  });
  const draft = useProviderDraft("oidc", saved === null);
  // The secret is write-only: an empty field keeps the stored one.
  const { onSubmit, error } = useProviderSave(form, saved?.id ?? null, onSaved, {
    draft: draft?.status === "ready" ? draft.draft.draft : null,
    adjust: ({ clientSecret, ...rest }) => (clientSecret ? { ...rest, clientSecret } : rest),
  });
  const dirty = form.formState.isDirty;
  useUnsavedChanges(dirty);
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  return (
    <SettingsCard
      title={saved ? `Edit ${saved.name}` : "Add an OpenID Connect provider"}
      description="Register this site at your identity provider with the redirect URI below, then copy its issuer, client ID and secret here and save."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
      actions={<Button onClick={onCancel}>Cancel</Button>}
    >
      <ProviderValues source={saved ?? draft!} />
      <FormTextField control={form.control} name="name" label="Button name" placeholder="Contoso ID" />
      <FormTextField
        control={form.control}
        name="issuer"
        label="Issuer"
        placeholder="https://login.example.com"
        helperText="Its /.well-known/openid-configuration is read from here"
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField control={form.control} name="clientId" label="Client ID" autoComplete="off" />
        <FormTextField
          control={form.control}
          name="clientSecret"
          label="Client secret"
          type="password"
          autoComplete="new-password"
          helperText={saved?.hasClientSecret ? "Stored. Leave empty to keep it." : "Required"}
        />
      </Stack>
      <FormTextField control={form.control} name="scopes" label="Scopes" />
      <ClaimMappingFields control={form.control as unknown as Control<ClaimMappingValues>} noun="claim" />
    </SettingsCard>
  );
}
