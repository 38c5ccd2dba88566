"use client";

import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { useState } from "react";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { updateProfile } from "@/lib/client/spec-calls";

/** The e-mail about messages left unread for 15 minutes (one per conversation until it is read). */
export function NotificationsSection({ emailOnMessage }: { emailOnMessage: boolean }) {
  const section = useSectionResult();
  const [isOn, setIsOn] = useState(emailOnMessage);
  const [isSaving, setIsSaving] = useState(false);
  const change = async (next: boolean) => {
    section.clear();
    setIsSaving(true);
    try {
      await updateProfile({ email_on_message: next });
      setIsOn(next);
      section.succeed(
        next
          ? "You will get an e-mail about messages you have not read within 15 minutes."
          : "You will get no e-mails about messages.",
      );
    } catch (e) {
      section.fail(e);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <ProfileSection title="Notifications" result={section.result}>
      <FormControlLabel
        control={<Switch checked={isOn} disabled={isSaving} onChange={(_, checked) => void change(checked)} />}
        label="E-mail me about a message I have not read within 15 minutes (once per conversation until I read it)"
      />
    </ProfileSection>
  );
}
