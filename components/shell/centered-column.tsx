import type { ReactNode } from "react";
import styles from "@/components/shell/notice.module.css";

/** A page that is only a notice, as the page's <main>: 'Page Not Found', a suspended organization. */
export function NoticePage({ children }: { children: ReactNode }) {
  return <main className={styles.page}>{children}</main>;
}

/** The notice pages' parts: the page itself, headings, texts and icons. */
export const noticeStyles = {
  page: styles.page,
  inShell: styles.inShell,
  title: styles.title,
  heading: styles.heading,
  text: styles.text,
  message: styles.message,
  icon: styles.icon,
  errorIcon: styles.errorIcon,
};
