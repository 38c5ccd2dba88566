"use client";

import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { CredentialForm } from "@/components/settings/credential-form";
import { apiPost } from "@/lib/client/api";
import { LRS_CLIENT_VERSIONS, type CreatedLrsClient, type LrsClientVersion } from "@/lib/schemas/lrs-clients";
import { LRS_SCOPES } from "@/lib/xapi/scopes";

const SCOPE_HINTS: Record<(typeof LRS_SCOPES)[number], string> = {
  "statements/write": "store statements",
  "statements/read": "read every statement",
  "statements/read/mine": "read its own statements",
  state: "state documents",
  define: "define activities",
  profile: "activity and agent profiles",
  "all/read": "read everything",
  all: "everything",
};

/** A new LRS client: its name, xAPI scopes and the version its content speaks. */
export function LrsClientForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedLrsClient) => void;
  onCancel: () => void;
}) {
  const [version, setVersion] = useState<LrsClientVersion>("2.0.0");
  return (
    <CredentialForm
      noun="LRS client"
      nameHint="What uses it, e.g. Course player"
      scopesHint="What the client may do with the organization's learning records."
      scopeOptions={LRS_SCOPES.map((scope) => ({ value: scope, label: `${scope} (${SCOPE_HINTS[scope]})` }))}
      initialScopes={["statements/write", "statements/read/mine", "state"]}
      submitLabel="Create client"
      onCancel={onCancel}
      create={async (fields) =>
        onCreated(await apiPost<CreatedLrsClient>("/api/admin/lrs-clients", { ...fields, xapi_version: version }))
      }
      extraFields={(fieldErrors) => (
        <TextField
          select
          label="xAPI version"
          value={version}
          onChange={(e) => setVersion(e.target.value as LrsClientVersion)}
          helperText={
            fieldErrors.xapi_version?.[0] ??
            "The version the client's content was written for: 2.0.0 unless it says 1.0.3"
          }
          error={Boolean(fieldErrors.xapi_version)}
          sx={{ maxWidth: 260 }}
        >
          {LRS_CLIENT_VERSIONS.map((v) => (
            <MenuItem key={v} value={v}>
              {v}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
