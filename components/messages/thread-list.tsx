"use client";

import Link from "@/components/navigation/link";
import { MessageTime } from "@/components/messages/message-time";
import styles from "@/components/messages/messages.module.css";
import { GroupAvatar, peopleList, PersonAvatar, personName } from "@/components/messages/people";
import type { ThreadSummaryJson } from "@/components/messages/types";
import { VisuallyHidden } from "@/components/ui/visually-hidden";

/** Conversations, newest first; unread ones in bold with a dot (and "Unread" for screen readers). */
export function ThreadList({ items, userId, label }: { items: ThreadSummaryJson[]; userId: string; label: string }) {
  return (
    <div className={styles.paper}>
      <ul aria-label={label} className={styles.list}>
        {items.map((thread) => (
          <ThreadRow key={thread.id} thread={thread} userId={userId} />
        ))}
      </ul>
    </div>
  );
}

function ThreadRow({ thread, userId }: { thread: ThreadSummaryJson; userId: string }) {
  const bold = thread.is_unread ? styles.unread : "";
  const withWhom = thread.group_name
    ? `${thread.group_name} (group)`
    : peopleList(thread.participants, thread.participant_count - 1);
  const last = thread.last_message;
  const from = last?.sender ? (last.sender.id === userId ? "You" : personName(last.sender)) : null;
  return (
    <li className={styles.row}>
      <Link href={`/messages/${thread.id}`} className={styles.rowLink}>
        <div className={styles.rowAvatar}>
          {thread.group_name ? <GroupAvatar /> : <PersonAvatar person={thread.participants[0] ?? null} />}
        </div>
        <div className={styles.rowText}>
          <div className={styles.rowHead}>
            {thread.is_unread && <VisuallyHidden>Unread: </VisuallyHidden>}
            <span className={`${styles.body1} ${styles.noWrap} ${styles.subject} ${bold}`}>{thread.subject}</span>
            <span className={`${styles.caption} ${styles.secondary} ${styles.time} ${bold}`}>
              <MessageTime iso={thread.last_message_at} />
            </span>
            {thread.is_unread && <div aria-hidden className={styles.dot} />}
          </div>
          <p className={`${styles.body2} ${styles.noWrap} ${styles.secondary}`}>{withWhom}</p>
          {last && (
            <p className={`${styles.body2} ${styles.noWrap} ${thread.is_unread ? styles.unreadExcerpt : ""}`}>
              {from ? `${from}: ` : ""}
              {last.excerpt}
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}
