"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
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
  SAML_DEFAULTS,
  samlProviderFormSchema,
  type IdentityProviderView,
  type SamlProviderFormInput,
  type SamlProviderView,
} from "@/lib/schemas/identity-providers";

type FormInput = SamlProviderFormInput;

function defaultsOf(saved: SamlProviderView | null): FormInput {
  const base = { name: "", enabled: true, jitEnabled: false, protocol: "saml" as const };
  if (!saved)
    return { ...base, metadataUrl: "", metadataXml: "", ...SAML_DEFAULTS, instructorValues: "", orgAdminValues: "" };
  return {
    ...base,
    name: saved.name,
    enabled: saved.enabled,
    jitEnabled: saved.jitEnabled,
    metadataUrl: saved.metadataUrl,
    // With a URL the metadata is read from it again on save; the XML field is for pasted metadata.
    metadataXml: saved.metadataUrl ? "" : saved.metadataXml,
    emailClaim: saved.emailClaim,
    firstNameClaim: saved.firstNameClaim,
    lastNameClaim: saved.lastNameClaim,
    roleClaim: saved.roleClaim,
    instructorValues: saved.instructorValues.join(", "),
    orgAdminValues: saved.orgAdminValues.join(", "),
  };
}

/** What the IdP's metadata said, once read (on save). */
function IdpSummary({ saved }: { saved: SamlProviderView }) {
  return (
    <Typography variant="body2" sx={{ color: "text.secondary" }}>
      IdP: {saved.idpEntityId} · single logout {saved.idpSloUrl ? "offered" : "not offered"}
    </Typography>
  );
}

/** One SAML 2.0 IdP, new or saved: metadata by URL or pasted XML; our key pair is made by the server. */
export function SamlProviderForm({
  saved,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  saved: SamlProviderView | null;
  onSaved: (provider: IdentityProviderView) => void;
  onCancel: () => void;
  /** Told whether the form holds unsaved edits (false again when it closes). */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useForm<FormInput>({
    resolver: zodResolver(samlProviderFormSchema),
    defaultValues: defaultsOf(saved),
  });
  const draft = useProviderDraft("saml", saved === null);
  const { onSubmit, error } = useProviderSave(form, saved?.id ?? null, onSaved, {
    draft: draft?.status === "ready" ? draft.draft.draft : null,
  });
  const dirty = form.formState.isDirty;
  useUnsavedChanges(dirty);
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  return (
    <SettingsCard
      title={saved ? `Edit ${saved.name}` : "Add a SAML provider"}
      description="Give the IdP our SP metadata (or the values below), then give its metadata here and save."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
      actions={<Button onClick={onCancel}>Cancel</Button>}
    >
      <ProviderValues source={saved ?? draft!} />
      {saved && <IdpSummary saved={saved} />}
      <FormTextField control={form.control} name="name" label="Button name" placeholder="Contoso ID" />
      <FormTextField
        control={form.control}
        name="metadataUrl"
        label="IdP metadata URL"
        placeholder="https://idp.example.com/saml/metadata"
        helperText="Read when saved. Or leave it empty and paste the metadata XML below."
      />
      <FormTextField control={form.control} name="metadataXml" label="IdP metadata XML" multiline minRows={3} />
      <ClaimMappingFields control={form.control as unknown as Control<ClaimMappingValues>} noun="attribute" />
    </SettingsCard>
  );
}
