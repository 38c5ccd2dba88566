"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { NoticeState } from "@/components/feedback/notice";
import { CourseDefaultSettings, RegistrationSettings, SessionSettings } from "@/components/settings/general-settings";
import type { OrganizationSettings } from "@/lib/schemas/organization-settings";
import styles from "./settings.module.css";

/** The snackbar draws with MUI: it and MUI are loaded at the first save, not with the page. */
const Notice = dynamic(() => import("@/components/settings/themed-notice").then((m) => m.ThemedNotice), {
  ssr: false,
});

/** System Settings' General section, for an administrator (their organization) or the superadmin (the platform). */
export function GeneralSettingsEditor({
  settings,
  isPlatform,
}: {
  settings: OrganizationSettings;
  isPlatform: boolean;
}) {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  // Kept once shown, so that the snackbar can fade out after its notice is gone.
  const [hasNotice, setHasNotice] = useState(false);
  if (notice && !hasNotice) setHasNotice(true);
  const props = { settings, isPlatform, onNotice: setNotice };
  return (
    <div className={styles.sections}>
      <RegistrationSettings {...props} />
      <SessionSettings {...props} />
      <CourseDefaultSettings {...props} />
      {hasNotice && <Notice notice={notice} onClose={() => setNotice(null)} />}
    </div>
  );
}
