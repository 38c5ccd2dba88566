"use client";

import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import type { CalendarSettingsJson } from "@/components/calendar/types";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { useOrigin } from "@/components/hooks/use-browser";
import { apiDelete, apiPost } from "@/lib/client/api";

type Pending = "reset" | "revoke" | null;

/** The personal iCal feed: a secret link to subscribe to, copied with one click, reset or revoked. */
export function IcalLinkSection({
  settings,
  onSaved,
}: {
  settings: CalendarSettingsJson;
  onSaved: (settings: CalendarSettingsJson) => void;
}) {
  const origin = useOrigin();
  const { result, clear, succeed, fail } = useSectionResult();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const url = settings.feed_path ? `${origin}${settings.feed_path}` : null;

  const run = async (action: () => Promise<CalendarSettingsJson>, done: string, fallback: string) => {
    setBusy(true);
    clear();
    try {
      onSaved(await action());
      succeed(done);
    } catch (e) {
      fail(e, fallback);
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(
      () => apiPost<CalendarSettingsJson>("/api/calendar/feed"),
      "Your calendar link is ready: add it to your calendar app",
      "Failed to create the calendar link",
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url!);
      succeed("Link copied");
    } catch {
      fail(null, "Could not copy: select the link and copy it yourself");
    }
  };

  return (
    <ProfileSection
      id="ical-link"
      title="Calendar feed (iCal)"
      description="Subscribe to your calendar from Google Calendar, Apple Calendar or Outlook with this secret link. Anyone who has it can see your calendar: reset it if it gets out."
      result={result}
    >
      {url ? (
        <>
          <TextField
            label="Your calendar link"
            value={url}
            fullWidth
            margin="normal"
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
            }}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap" }}>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
              Copy link
            </Button>
            <Button onClick={() => setPending("reset")} disabled={busy}>
              Reset link
            </Button>
            <Button color="error" onClick={() => setPending("revoke")} disabled={busy}>
              Revoke link
            </Button>
          </Stack>
        </>
      ) : (
        <Button variant="contained" onClick={create} disabled={busy} sx={{ mt: 1 }}>
          Create calendar link
        </Button>
      )}
      {pending && (
        <ConfirmDialog
          title={pending === "reset" ? "Reset your calendar link?" : "Revoke your calendar link?"}
          message={
            pending === "reset"
              ? "The current link stops working at once; calendar apps subscribed to it need the new one."
              : "The link stops working at once and calendar apps subscribed to it stop updating."
          }
          confirmLabel={pending === "reset" ? "Reset link" : "Revoke link"}
          onConfirm={async () => {
            if (pending === "reset") onSaved(await apiPost<CalendarSettingsJson>("/api/calendar/feed"));
            else onSaved(await apiDelete<CalendarSettingsJson>("/api/calendar/feed"));
            succeed(pending === "reset" ? "A new link is ready; the old one no longer works" : "The link is revoked");
          }}
          onClose={() => setPending(null)}
        />
      )}
    </ProfileSection>
  );
}
