"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { CategoryJson } from "@/components/courses/types";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPatch, apiPost } from "@/lib/client/api";
import { createCategorySchema } from "@/lib/schemas/categories";
import { failureMessage } from "@/lib/client/spec-calls";

type Input = z.input<typeof createCategorySchema>;

/** Name and description of a category: creates one, or edits `category`. */
export function CategoryForm({
  category,
  onSaved,
  actions,
}: {
  category?: CategoryJson;
  onSaved: (category: CategoryJson) => void;
  actions?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, z.output<typeof createCategorySchema>>({
    resolver: zodResolver(createCategorySchema),
    defaultValues: { name: category?.name ?? "", description: category?.description ?? "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const body = { ...values, description: values.description || null };
    try {
      onSaved(
        category
          ? await apiPatch<CategoryJson>(`/api/categories/${category.id}`, body)
          : await apiPost<CategoryJson>("/api/categories", body),
      );
    } catch (e) {
      setError(failureMessage(e, "Could not save the category"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={category ? "Edit category" : "Add category"}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormTextField control={form.control} name="name" label="Name" autoFocus />
      <FormTextField control={form.control} name="description" label="Description" multiline minRows={3} />
      <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: "flex-end" }}>
        {actions}
        <SubmitButton isSubmitting={form.formState.isSubmitting}>
          {category ? "Save category" : "Create category"}
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** The add page's form: back to the list once saved. */
export function AddCategoryForm() {
  const router = useRouter();
  return (
    <CategoryForm
      onSaved={() => {
        router.push("/admin/categories");
        router.refresh();
      }}
    />
  );
}
