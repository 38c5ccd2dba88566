"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import type { MessageJson } from "@/components/messages/types";
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
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <FormTextField
        control={form.control}
        name="body"
        label="Reply"
        multiline
        minRows={3}
        helperText="Ctrl+Enter sends"
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void onSubmit();
        }}
      />
      <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
        <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium" endIcon={<SendIcon />}>
          Send
        </SubmitButton>
      </Stack>
    </form>
  );
}
