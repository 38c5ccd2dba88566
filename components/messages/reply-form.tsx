"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import styles from "@/components/messages/messages.module.css";
import type { MessageJson } from "@/components/messages/types";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { ApiError, apiPost } from "@/lib/client/api";
import { replySchema, type ReplyInput } from "@/lib/schemas/messages";

/** The reply box: Send, or Ctrl+Enter. A refusal (too many messages, say) is shown as the server put it. */
export function ReplyForm({ threadId, onSent }: { threadId: string; onSent: (message: MessageJson) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReplyInput>({ resolver: zodResolver(replySchema), defaultValues: { body: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSent(
        await apiPost<MessageJson>(`/api/messages/threads/${threadId}/messages`, values, { retryOnTimeout: false }),
      );
      form.reset({ body: "" });
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : "Failed to send the reply");
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Reply">
      {failure && <Alert severity="error">{failure}</Alert>}
      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <TextField
            label="Reply"
            name={field.name}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? "Ctrl+Enter sends"}
            minRows={3}
            fullWidth
            margin="normal"
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void onSubmit();
            }}
          />
        )}
      />
      <div className={styles.replyActions}>
        <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium" endIcon="send">
          Send
        </SubmitButton>
      </div>
    </form>
  );
}
