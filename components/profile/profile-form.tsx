"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { useOrigin } from "@/components/hooks/use-browser";
import { avatarInitial, avatarSrc } from "@/components/shell/display";
import { ApiError } from "@/lib/client/api";
import { FALLBACK_MESSAGES, failureMessage, updateProfile } from "@/lib/client/spec-calls";
import { updateProfileSchema } from "@/lib/schemas/auth";
import type { UserJson } from "@/lib/server/serialize";

type Input = z.input<typeof updateProfileSchema>;

/** Name, username, password and avatar. Sent as multipart so the avatar travels with the fields. */
export function ProfileForm({ profile }: { profile: UserJson }) {
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<Input, unknown, z.output<typeof updateProfileSchema>>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, username: profile.username },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== "") body.set(key, String(value));
    if (avatar) body.set("avatar", avatar);
    try {
      await updateProfile(body);
      setResult({ ok: true, message: "Profile saved" });
      setAvatar(null);
      form.resetField("current_password");
      form.resetField("new_password");
      router.refresh();
    } catch (e) {
      setResult({ ok: false, message: failureMessage(e, FALLBACK_MESSAGES.updateProfile) });
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });

  const origin = useOrigin();
  const localPreview = useObjectUrl(avatar);
  const preview = localPreview ?? avatarSrc(profile.avatar_url, origin);
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Profile settings">
        {result && <Alert severity={result.ok ? "success" : "error"} role="alert">{result.message}</Alert>}
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", my: 2 }}>
          <Avatar src={preview ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            {avatarInitial({ firstName: profile.first_name, username: profile.username })}
          </Avatar>
          <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden aria-label="Avatar image" onChange={(e) => setAvatar(e.target.files?.[0] ?? null)} />
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>Change avatar</Button>
          <Typography variant="body2" color="text.secondary">{avatar ? avatar.name : "JPEG, PNG, WebP or GIF, up to 5 MB"}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">{profile.email}</Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
          <FormTextField control={form.control} name="first_name" label="First name" autoComplete="given-name" />
          <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
        </Stack>
        <FormTextField control={form.control} name="username" label="Username" autoComplete="username" />
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>Change password</Typography>
        <FormTextField control={form.control} name="current_password" label="Current password" type="password" autoComplete="current-password" />
        <FormTextField control={form.control} name="new_password" label="New password" type="password" autoComplete="new-password" />
        <SubmitButton isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>Save</SubmitButton>
      </form>
    </Paper>
  );
}

/** An object URL for a picked file, revoked when the file changes or the form unmounts. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
