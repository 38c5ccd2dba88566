"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { ModuleJson, OutlineModuleJson } from "@/components/courses/types";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPatch, apiPost } from "@/lib/client/api";
import { createModuleSchema } from "@/lib/schemas/outline";
import { failureMessage } from "@/lib/client/spec-calls";

type Input = z.input<typeof createModuleSchema>;

/** Add a module (no `module`) or rename one. */
export function ModuleDialog({
  courseId,
  module,
  onSaved,
  onClose,
}: {
  courseId: string;
  module?: OutlineModuleJson;
  onSaved: (module: ModuleJson) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, z.output<typeof createModuleSchema>>({
    resolver: zodResolver(createModuleSchema),
    defaultValues: { title: module?.title ?? "", description: module?.description ?? "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = module
        ? await apiPatch<ModuleJson>(`/api/courses/${courseId}/modules/${module.id}`, values)
        : await apiPost<ModuleJson>(`/api/courses/${courseId}/modules`, values);
      onSaved(saved);
      onClose();
    } catch (e) {
      setError(failureMessage(e, "Could not save the module"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  const title = module ? "Edit module" : "Add module";
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="module-dialog-title">
      <form method="post" onSubmit={onSubmit} noValidate aria-label={title}>
        <DialogTitle id="module-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <FormTextField control={form.control} name="title" label="Module title" autoFocus />
          <FormTextField control={form.control} name="description" label="Module description" multiline minRows={2} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton size="medium" isSubmitting={form.formState.isSubmitting}>
            {module ? "Save module" : "Create module"}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
