"use client";

import Link from "@/components/navigation/link";
import { useId } from "react";
import styles from "@/components/shell/shell.module.css";
import { Icon } from "@/components/ui/icon";
import { VisuallyHidden } from "@/components/ui/visually-hidden";
import { useUnreadCount } from "@/lib/client/unread-count";

/** Past this the badge reads "99+", as MUI's Badge with max 99. */
const BADGE_MAX = 99;

export function MessagesButton() {
  const count = useUnreadCount({ enabled: true });
  const countId = useId();
  return (
    <Link
      href="/messages"
      className={styles.iconButton}
      aria-label="Messages"
      aria-describedby={count > 0 ? countId : undefined}
    >
      <span className={styles.badgeAnchor}>
        <Icon name="messages" />
        {count > 0 && <span className={styles.badge}>{count > BADGE_MAX ? `${BADGE_MAX}+` : count}</span>}
      </span>
      {count > 0 && <VisuallyHidden id={countId}>{count} unread</VisuallyHidden>}
    </Link>
  );
}
