"use client";

import Avatar from "@mui/material/Avatar";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { useOrigin } from "@/components/hooks/use-browser";
import { AvatarCropDialog } from "@/components/profile/avatar-crop-dialog";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { avatarInitial, avatarSrc } from "@/components/shell/display";
import { formatBytes } from "@/lib/format-bytes";
import { updateProfile } from "@/lib/client/spec-calls";
import type { OwnProfileJson } from "@/lib/server/serialize";

const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "image/gif"];
const MAX_BYTES = 5 * 1024 * 1024;

/** An object URL for a file or blob, revoked when it changes or the section unmounts. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** The picture: choose, crop (in the browser), preview, then save; or remove it. The top bar follows. */
export function AvatarSection({ profile }: { profile: OwnProfileJson }) {
  const router = useRouter();
  const section = useSectionResult();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [cropped, setCropped] = useState<Blob | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const pickedUrl = useObjectUrl(picked);
  const previewUrl = useObjectUrl(cropped);
  const stored = avatarSrc(profile.avatar_url, useOrigin());

  const onPick = (file: File | undefined) => {
    section.clear();
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return section.fail(null, "Choose a JPEG, PNG, WebP or GIF picture.");
    if (file.size > MAX_BYTES) return section.fail(null, `The picture is ${formatBytes(file.size)}; at most 5 MB.`);
    setPicked(file);
  };
  const save = async (body: FormData, message: string) => {
    section.clear();
    setIsSaving(true);
    try {
      await updateProfile(body);
      setCropped(null);
      section.succeed(message);
      router.refresh();
    } catch (e) {
      section.fail(e);
    } finally {
      setIsSaving(false);
    }
  };
  const saveCropped = () => {
    if (!cropped) return;
    const body = new FormData();
    body.set("avatar", new File([cropped], "avatar.png", { type: "image/png" }));
    void save(body, "Your new picture is saved.");
  };
  const remove = () => {
    const body = new FormData();
    body.set("remove_avatar", "true");
    void save(body, "Your picture is removed.");
  };

  return (
    <ProfileSection
      title="Picture"
      description="Shown next to your name in the top bar and in messages."
      result={section.result}
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, mt: 1 }}>
        <Avatar
          src={previewUrl ?? stored ?? undefined}
          alt={previewUrl ? "Preview of your new picture" : "Your picture"}
          sx={{ width: 96, height: 96, fontSize: 40, bgcolor: "primary.main", color: "primary.contrastText" }}
        >
          {avatarInitial({ firstName: profile.first_name, username: profile.username })}
        </Avatar>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED.join(",")}
          hidden
          aria-label="Picture file"
          onChange={(e) => onPick(e.target.files?.[0])}
        />
        {cropped ? (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={isSaving} onClick={saveCropped}>
              Save picture
            </Button>
            <Button disabled={isSaving} onClick={() => setCropped(null)}>
              Discard
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Button variant="outlined" disabled={isSaving} onClick={() => input.current?.click()}>
              Choose a picture…
            </Button>
            {profile.avatar_url && (
              <Button color="error" disabled={isSaving} onClick={remove}>
                Remove picture
              </Button>
            )}
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              JPEG, PNG, WebP or GIF, up to 5 MB
            </Typography>
          </Stack>
        )}
      </Stack>
      {picked && pickedUrl && (
        <AvatarCropDialog
          src={pickedUrl}
          onCancel={() => setPicked(null)}
          onCropped={(blob) => {
            setCropped(blob);
            setPicked(null);
          }}
        />
      )}
    </ProfileSection>
  );
}
