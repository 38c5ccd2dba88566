"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { bankAndDescendants, buildBankTree, flattenBankTree } from "@/components/question-banks/bank-tree-model";
import { ApiError, apiPatch, apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { createQuestionBankSchema, type CreateQuestionBankInput } from "@/lib/schemas/questions";
import type { QuestionBankJson } from "@/lib/server/questions/json";

type Input = z.input<typeof createQuestionBankSchema>;

const TOP = "";

/**
 * Create a bank (optionally inside another), or rename, describe and move one. The schema is the API's;
 * a sibling's name (409) or a move into its own sub-bank (400) comes back under the field.
 */
export function BankDialog({
  banks,
  bank,
  parentId = null,
  onClose,
}: {
  /** Every bank the caller manages: the parents to choose from. */
  banks: readonly QuestionBankJson[];
  /** The bank to edit; none: a new one. */
  bank?: QuestionBankJson;
  /** A new bank's parent, preset. */
  parentId?: string | null;
  onClose: () => void;
}) {
  const router = useRouter();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, CreateQuestionBankInput>({
    resolver: zodResolver(createQuestionBankSchema),
    defaultValues: {
      name: bank?.name ?? "",
      description: bank?.description ?? "",
      parent_id: bank ? bank.parent_id : parentId,
    },
  });
  const excluded = bank ? bankAndDescendants(banks, bank.id) : new Set<string>();
  const parents = flattenBankTree(buildBankTree(banks)).filter(({ bank: b }) => !excluded.has(b.id));
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (bank) await apiPatch(`/api/question-banks/${bank.id}`, values);
      else await apiPost("/api/question-banks", values);
      router.refresh();
      onClose();
    } catch (e) {
      setError(failureMessage(e, bank ? "Failed to save the bank" : "Failed to create the bank"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{bank ? `Edit bank '${bank.name}'` : "New question bank"}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <FormTextField control={form.control} name="name" label="Name" required autoFocus />
          <Controller
            control={form.control}
            name="parent_id"
            render={({ field, fieldState }) => (
              <TextField
                select
                fullWidth
                margin="normal"
                label="Inside"
                name={field.name}
                inputRef={field.ref}
                // A select cannot hold null: "" stands for the top level.
                value={field.value ?? TOP}
                onChange={(e) => field.onChange(e.target.value || null)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? "A bank may sit inside another, as Moodle's categories do"}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value={TOP}>Top level</MenuItem>
                {parents.map(({ bank: b, depth }) => (
                  <MenuItem key={b.id} value={b.id} sx={{ pl: 2 + depth * 2 }}>
                    {b.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField control={form.control} name="description" label="Description" multiline minRows={2} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {bank ? "Save bank" : "Create bank"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
