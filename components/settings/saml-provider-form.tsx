"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useForm, type Control } from "react-hook-form";
import { FormTextField } from "@/components/forms/form-text-field";
import { ClaimMappingFields, type ClaimMappingValues } from "@/components/settings/claim-mapping-fields";
import { SettingsCard } from "@/components/settings/settings-card";
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

/** What to give the IdP: our entity ID, ACS and SLO URLs, and the metadata URL that has them all. */
function ServiceProviderValues({ saved }: { saved: SamlProviderView }) {
  const origin = window.location.origin;
  const values = [
    ["SP metadata URL (give it to the IdP)", `${origin}${saved.metadataPath}`],
    ["Entity ID (audience)", `${origin}${saved.metadataPath}`],
    ["ACS URL (reply URL, HTTP-POST)", `${origin}${saved.acsPath}`],
    ["Single logout URL (HTTP-Redirect)", `${origin}${saved.sloPath}`],
  ];
  return (
    <>
      {values.map(([label, value]) => (
        <TextField
          key={label}
          label={label}
          value={value}
          slotProps={{ htmlInput: { readOnly: true } }}
          fullWidth
          margin="normal"
        />
      ))}
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        IdP: {saved.idpEntityId} · single logout {saved.idpSloUrl ? "offered" : "not offered"}
      </Typography>
    </>
  );
}

/** One SAML 2.0 IdP, new or saved: metadata by URL or pasted XML; our key pair is made by the server. */
export function SamlProviderForm({
  saved,
  onSaved,
  onCancel,
}: {
  saved: SamlProviderView | null;
  onSaved: (provider: IdentityProviderView) => void;
  onCancel: () => void;
}) {
  const form = useForm<FormInput>({
    resolver: zodResolver(samlProviderFormSchema),
    defaultValues: defaultsOf(saved),
  });
  const { onSubmit, error } = useProviderSave(form, saved?.id ?? null, onSaved);

  return (
    <SettingsCard
      title={saved ? `Edit ${saved.name}` : "Add a SAML provider"}
      description="Give the IdP's metadata; once saved, give the IdP our SP metadata URL (or the values below)."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
      actions={<Button onClick={onCancel}>Cancel</Button>}
    >
      {saved && <ServiceProviderValues saved={saved} />}
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
