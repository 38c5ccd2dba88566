"use client";

import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { ApiError, apiPost, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { valuesFromText, type IdentityProviderView } from "@/lib/schemas/identity-providers";

/**
 * Saving a sign-in provider's form, whatever its protocol: the role values typed as comma-separated text
 * become lists, a new provider is created and a saved one replaced, and the server's refusal shows on the
 * card and at its fields.
 */
export function useProviderSave<T extends FieldValues & { instructorValues: string; orgAdminValues: string }>(
  form: UseFormReturn<T>,
  savedId: string | null,
  onSaved: (provider: IdentityProviderView) => void,
  {
    draft = null,
    adjust = (values) => values,
  }: {
    /** A new provider's draft: the id (and key pair) whose values the IdP was already given. */
    draft?: string | null;
    /** The protocol's own adjustments to the body (a write-only secret left out when empty). */
    adjust?: (values: Omit<T, "instructorValues" | "orgAdminValues">) => object;
  } = {},
) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ instructorValues, orgAdminValues, ...rest }) => {
    setError(null);
    const body = {
      ...adjust(rest as Omit<T, "instructorValues" | "orgAdminValues">),
      instructorValues: valuesFromText(instructorValues),
      orgAdminValues: valuesFromText(orgAdminValues),
    };
    try {
      const provider = savedId
        ? await apiPut<IdentityProviderView>(`/api/admin/identity-providers/${savedId}`, body)
        : await apiPost<IdentityProviderView>("/api/admin/identity-providers", draft ? { ...body, draft } : body);
      onSaved(provider);
    } catch (e) {
      setError(failureMessage(e, "Could not save the identity provider"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return { onSubmit, error };
}
