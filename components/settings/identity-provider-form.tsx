"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useForm, type Control } from "react-hook-form";
import { FormTextField } from "@/components/forms/form-text-field";
import { ClaimMappingFields, type ClaimMappingValues } from "@/components/settings/claim-mapping-fields";
import { SettingsCard } from "@/components/settings/settings-card";
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
}: {
  saved: OidcProviderView | null;
  onSaved: (provider: IdentityProviderView) => void;
  onCancel: () => void;
}) {
  const form = useForm<FormInput>({
    resolver: zodResolver(identityProviderFormSchema),
    defaultValues: defaultsOf(saved),
  });
  const redirectUri = saved ? `${window.location.origin}${saved.redirectPath}` : null;
  // The secret is write-only: an empty field keeps the stored one.
  const { onSubmit, error } = useProviderSave(form, saved?.id ?? null, onSaved, ({ clientSecret, ...rest }) =>
    clientSecret ? { ...rest, clientSecret } : rest,
  );

  return (
    <SettingsCard
      title={saved ? `Edit ${saved.name}` : "Add an OpenID Connect provider"}
      description="Register this site at your identity provider first, with the redirect URI shown once saved."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
      actions={<Button onClick={onCancel}>Cancel</Button>}
    >
      {redirectUri && (
        <TextField
          label="Redirect URI (register it at the provider)"
          value={redirectUri}
          slotProps={{ htmlInput: { readOnly: true } }}
          fullWidth
          margin="normal"
        />
      )}
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
