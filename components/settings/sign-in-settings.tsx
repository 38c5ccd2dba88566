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
import type { NoticeState } from "@/components/feedback/notice";
import { IdentityProviderForm } from "@/components/settings/identity-provider-form";
import { SamlProviderForm } from "@/components/settings/saml-provider-form";
import { SignInPolicySettings } from "@/components/settings/sign-in-policy-settings";
import { apiDelete } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import type { IdentityProviderView, SignInPolicyView } from "@/lib/schemas/identity-providers";

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
  const [editing, setEditing] = useState<IdentityProviderView | "new-oidc" | "new-saml" | null>(null);
  const isNew = editing === "new-oidc" || editing === "new-saml";

  const onSaved = (provider: IdentityProviderView) => {
    setProviders((list) =>
      [...list.filter((p) => p.id !== provider.id), provider].sort((a, b) => a.name.localeCompare(b.name)),
    );
    setEditing(provider);
    onNotice({ severity: "success", message: `${provider.name} saved.` });
  };

  const remove = async (provider: IdentityProviderView) => {
    try {
      await apiDelete(`/api/admin/identity-providers/${provider.id}`);
      setProviders((list) => list.filter((p) => p.id !== provider.id));
      if (editing && typeof editing === "object" && editing.id === provider.id) setEditing(null);
      onNotice({ severity: "success", message: `${provider.name} removed.` });
    } catch (e) {
      onNotice({ severity: "error", message: failureMessage(e, "Could not remove the identity provider") });
    }
  };

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
                    <Button size="small" onClick={() => setEditing(p)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => remove(p)}>
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
          <Button variant="outlined" onClick={() => setEditing("new-oidc")} disabled={editing === "new-oidc"}>
            Add an OpenID Connect provider
          </Button>
          <Button variant="outlined" onClick={() => setEditing("new-saml")} disabled={editing === "new-saml"}>
            Add a SAML provider
          </Button>
        </Stack>
      </Paper>
      {editing && (editing === "new-saml" || (!isNew && editing.protocol === "saml")) && (
        <SamlProviderForm
          key={isNew ? editing : `${editing.id}-${editing.updatedAt}`}
          saved={isNew ? null : editing}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      )}
      {editing && (editing === "new-oidc" || (!isNew && editing.protocol === "oidc")) && (
        <IdentityProviderForm
          key={isNew ? editing : `${editing.id}-${editing.updatedAt}`}
          saved={isNew ? null : editing}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      )}
      <SignInPolicySettings saved={policy} onNotice={onNotice} />
    </Stack>
  );
}
