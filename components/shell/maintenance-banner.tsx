"use client";

import styles from "@/components/shell/shell.module.css";
import { useTenantBranding } from "@/components/shell/tenant-branding";
import { Icon } from "@/components/ui/icon";

/** The maintenance notices (the platform's, the organization's) every page of a host shows at its top. */
export function MaintenanceBanner() {
  const { notices } = useTenantBranding();
  if (notices.length === 0) return null;
  return (
    <section className={styles.notices} aria-label="Maintenance notices">
      {notices.map((notice) => (
        <div key={notice} role="alert" className={styles.notice} data-testid="maintenance-notice">
          <span className={styles.noticeIcon}>
            <Icon name="maintenance" size={22} />
          </span>
          <div className={styles.noticeText}>{notice}</div>
        </div>
      ))}
    </section>
  );
}
