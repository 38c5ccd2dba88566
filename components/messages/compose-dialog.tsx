"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { RecipientPicker, type Recipient } from "@/components/messages/recipient-picker";
import type { ThreadJson } from "@/components/messages/types";
import { ApiError, apiPost } from "@/lib/client/api";
import { messageBodySchema, subjectSchema } from "@/lib/schemas/messages";

// The form's own shape (chips, not ids) over the shared field schemas; sent as createThreadSchema's body.
const composeSchema = z.object({
  recipients: z.array(z.custom<Recipient>()).min(1, "Choose at least one person or a group"),
  subject: subjectSchema,
  body: messageBodySchema,
});
type ComposeInput = z.infer<typeof composeSchema>;

/** A new conversation: to people and/or one group, a subject and the first message. Opens it once sent. */
export function ComposeDialog({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ComposeInput>({
    resolver: zodResolver(composeSchema),
    defaultValues: { recipients: [], subject: "", body: "" },
  });
  const onSubmit = form.handleSubmit(async ({ recipients, subject, body }) => {
    setFailure(null);
    const group = recipients.find((r) => r.kind === "group");
    const people = recipients.flatMap((r) => (r.kind === "user" ? [r.person.id] : []));
    try {
      const thread = await apiPost<ThreadJson>("/api/messages/threads", {
        subject,
        body,
        ...(people.length ? { recipient_ids: people } : {}),
        ...(group ? { group_id: group.id } : {}),
      });
      router.push(`/messages/${thread.id}`);
      onClose();
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : "Failed to send the message");
      if (e instanceof ApiError) {
        for (const [field, messages] of Object.entries(e.fieldErrors ?? {})) {
          const name = field === "recipient_ids" || field === "group_id" ? "recipients" : field;
          if (name === "recipients" || name === "subject" || name === "body")
            form.setError(name, { type: "server", message: messages[0] });
        }
      }
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="compose-title">
      <form method="post" onSubmit={onSubmit} noValidate aria-label="New message">
        <DialogTitle id="compose-title">New message</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="recipients"
            render={({ field, fieldState }) => (
              <RecipientPicker
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <FormTextField control={form.control} name="subject" label="Subject" />
          <FormTextField
            control={form.control}
            name="body"
            label="Message"
            multiline
            minRows={5}
            helperText="Plain text; links become clickable"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium">
            Send
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
