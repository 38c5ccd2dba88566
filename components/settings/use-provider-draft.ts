"use client";

import { useEffect, useState } from "react";
import { apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import type { IdentityProviderDraft } from "@/lib/schemas/identity-providers";

export type DraftState =
  { status: "loading" } | { status: "ready"; draft: IdentityProviderDraft } | { status: "failed"; message: string };

/**
 * A new provider's id (and SAML key pair), reserved when its form opens, so the values the IdP needs are
 * shown before the IdP's own are at hand. Nothing is stored until the form is saved with the draft.
 */
export function useProviderDraft(protocol: "oidc" | "saml", isNew: boolean): DraftState | null {
  const [state, setState] = useState<DraftState>({ status: "loading" });
  useEffect(() => {
    if (!isNew) return;
    let current = true;
    apiPost<IdentityProviderDraft>("/api/admin/identity-providers/drafts", { protocol })
      .then((draft) => current && setState({ status: "ready", draft }))
      .catch(
        (e: unknown) =>
          current &&
          setState({
            status: "failed",
            message: failureMessage(e, "Could not prepare the values for the identity provider: reload the page"),
          }),
      );
    return () => {
      current = false;
    };
  }, [protocol, isNew]);
  return isNew ? state : null;
}
