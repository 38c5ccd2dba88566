"use client";

import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import type { NoticeState } from "@/components/feedback/notice";
import { UNSAVED_CHANGES_MESSAGE } from "@/components/forms/use-unsaved-changes";
import { IdentityProviderForm } from "@/components/settings/identity-provider-form";
import { SamlProviderForm } from "@/components/settings/saml-provider-form";
import { SignInPolicySettings } from "@/components/settings/sign-in-policy-settings";
import { apiDelete } from "@/lib/client/api";
import { withFallback } from "@/lib/client/spec-calls";
import type { IdentityProviderView, SignInPolicyView } from "@/lib/schemas/identity-providers";

type Editing = IdentityProviderView | "new-oidc" | "new-saml" | null;

/** System Settings → Sign-in: the organization's identity providers, each shown on the login page. */
export function SignInSettings({
  saved,
  policy,
  onNotice,
}: {
  saved: IdentityProviderView[];
  policy: SignInPolicyView;
  onNotice: (n: NoticeState) => void;
}) {
  const [providers, setProviders] = useState(saved);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<IdentityProviderView | null>(null);
  // The open form's unsaved edits: opening another form or cancelling asks before dropping them.
  const [dirty, setDirty] = useState(false);
  const isNew = editing === "new-oidc" || editing === "new-saml";
  const open = (next: Editing) => {
    if (dirty && !window.confirm(UNSAVED_CHANGES_MESSAGE)) return;
    setDirty(false);
    setEditing(next);
  };

  const onSaved = (provider: IdentityProviderView) => {
    setProviders((list) =>
      [...list.filter((p) => p.id !== provider.id), provider].sort((a, b) => a.name.localeCompare(b.name)),
    );
    setEditing(provider);
    onNotice({ severity: "success", message: `${provider.name} saved.` });
  };

  // Runs only once confirmed; a failure keeps the dialog open with the reason.
  const remove = (provider: IdentityProviderView) =>
    withFallback("Could not remove the identity provider", async () => {
      await apiDelete(`/api/admin/identity-providers/${provider.id}`);
      setProviders((list) => list.filter((p) => p.id !== provider.id));
      if (editing && typeof editing === "object" && editing.id === provider.id) {
        setDirty(false);
        setEditing(null);
      }
      onNotice({ severity: "success", message: `${provider.name} removed.` });
    });

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Sign-in">
        <Typography variant="h6" component="h2">
          Sign-in
        </Typography>
        <Typography sx={{ color: "text.secondary", mb: 1 }}>
          Single sign-on: people of this organization sign in with their company account (OpenID Connect or SAML 2.0).
        </Typography>
        {providers.length === 0 ? (
          <Typography sx={{ my: 1 }}>No identity provider yet.</Typography>
        ) : (
          <List dense>
            {providers.map((p) => (
              <ListItem
                key={p.id}
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => open(p)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => setRemoving(p)}>
                      Remove
                    </Button>
                  </Stack>
                }
              >
                <ListItemText
                  primary={p.name}
                  secondary={p.protocol === "oidc" ? `OpenID Connect · ${p.issuer}` : `SAML · ${p.idpEntityId}`}
                />
                {!p.enabled && <Chip size="small" label="Off" sx={{ mr: 20 }} />}
              </ListItem>
            ))}
          </List>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => open("new-oidc")} disabled={editing === "new-oidc"}>
            Add an OpenID Connect provider
          </Button>
          <Button variant="outlined" onClick={() => open("new-saml")} disabled={editing === "new-saml"}>
            Add a SAML provider
          </Button>
        </Stack>
      </Paper>
      {editing && (editing === "new-saml" || (!isNew && editing.protocol === "saml")) && (
        <SamlProviderForm
          key={isNew ? editing : `${editing.id}-${editing.updatedAt}`}
          saved={isNew ? null : editing}
          onSaved={onSaved}
          onCancel={() => open(null)}
          onDirtyChange={setDirty}
        />
      )}
      {editing && (editing === "new-oidc" || (!isNew && editing.protocol === "oidc")) && (
        <IdentityProviderForm
          key={isNew ? editing : `${editing.id}-${editing.updatedAt}`}
          saved={isNew ? null : editing}
          onSaved={onSaved}
          onCancel={() => open(null)}
          onDirtyChange={setDirty}
        />
      )}
      <SignInPolicySettings saved={policy} onNotice={onNotice} />
      {removing && (
        <ConfirmDialog
          title={`Remove the identity provider '${removing.name}'?`}
          message="People who sign in only through it will not be able to sign in."
          confirmLabel="Remove"
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </Stack>
  );
}
