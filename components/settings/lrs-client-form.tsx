"use client";

import { CredentialForm } from "@/components/settings/credential-form";
import { apiPost } from "@/lib/client/api";
import type { CreatedLrsClient } from "@/lib/schemas/lrs-clients";
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

/** A new LRS client: its name and xAPI scopes. */
export function LrsClientForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedLrsClient) => void;
  onCancel: () => void;
}) {
  return (
    <CredentialForm
      noun="LRS client"
      nameHint="What uses it, e.g. Course player"
      scopesHint="What the client may do with the organization's learning records."
      scopeOptions={LRS_SCOPES.map((scope) => ({ value: scope, label: `${scope} (${SCOPE_HINTS[scope]})` }))}
      initialScopes={["statements/write", "statements/read/mine", "state"]}
      submitLabel="Create client"
      onCancel={onCancel}
      create={async (fields) => onCreated(await apiPost<CreatedLrsClient>("/api/admin/lrs-clients", fields))}
    />
  );
}
