"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";
import type { NoticeState } from "@/components/feedback/notice";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { ApiError } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";

/**
 * A settings section's form: validated with the section's own zod schema (the server's), sent by `save`,
 * then the page is refreshed so what the settings change (the notice, the theme) shows at once. Server
 * field errors land under the fields, with `fieldPrefix` ("passwordPolicy.") taken off.
 */
export function useSettingsForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  values: z.input<S>,
  save: (values: z.output<S>) => Promise<unknown>,
  onNotice: (notice: NoticeState) => void,
  fieldPrefix = "",
) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: values as DefaultValues<z.input<S>>,
  });
  const onSubmit = form.handleSubmit(async (submitted) => {
    setError(null);
    try {
      await save(submitted);
      form.reset(submitted as z.input<S>);
      onNotice({ severity: "success", message: "Saved. It applies from the next page or request." });
      router.refresh();
    } catch (e) {
      setError(failureMessage(e, "Could not save the settings"));
      if (e instanceof ApiError) {
        const fieldErrors = Object.fromEntries(
          Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [
            k.startsWith(fieldPrefix) ? k.slice(fieldPrefix.length) : k,
            v,
          ]),
        );
        applyServerErrors(form.setError, fieldErrors);
      }
    }
  });
  return { form, onSubmit, error };
}
