"use client";

import { LinkedText } from "@/components/data/linked-text";
import { MessageTime } from "@/components/messages/message-time";
import styles from "@/components/messages/messages.module.css";
import { PersonAvatar, personName } from "@/components/messages/people";
import type { MessageJson } from "@/components/messages/types";

/** One message: who, when, and the text as written (links clickable, never HTML). */
export function MessageItem({ message, isOwn, seenBy }: { message: MessageJson; isOwn: boolean; seenBy?: string }) {
  return (
    <article
      aria-label={`Message from ${message.sender ? personName(message.sender) : "a former user"}`}
      className={isOwn ? `${styles.message} ${styles.own}` : styles.message}
    >
      <PersonAvatar person={message.sender} />
      <div className={styles.messageColumn}>
        <p className={`${styles.caption} ${styles.messageMeta}`}>
          <span className={styles.sender}>
            {isOwn ? "You" : message.sender ? personName(message.sender) : "Former user"}
          </span>
          {" · "}
          <MessageTime iso={message.created_at} long />
        </p>
        <div className={styles.bubble}>
          <p className={`${styles.body1} ${styles.bubbleText}`}>
            <LinkedText text={message.body} />
          </p>
        </div>
        {seenBy && <p className={`${styles.caption} ${styles.seenBy}`}>{seenBy}</p>}
      </div>
    </article>
  );
}
