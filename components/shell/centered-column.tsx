import type { ReactNode } from "react";
import styles from "@/components/shell/notice.module.css";

/** `sx` of a column of centred content: a notice, an error, an empty list. */
export const centeredColumn = {
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  px: 2,
} as const;

/** A page that is only a notice, as the page's <main>: 'Page Not Found', a suspended organization. */
export function NoticePage({ children }: { children: ReactNode }) {
  return <main className={styles.page}>{children}</main>;
}

/** The notice's heading and text, as the notice pages draw them. */
export const noticeStyles = { title: styles.title, text: styles.text };
