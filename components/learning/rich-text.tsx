import styles from "./rich-text.module.css";

/** HTML the server sanitized when it was saved (lib/server/rich-text.ts), shown as it was written. */
export function RichText({ html }: { html: string }) {
  if (!html) return null;
  return <div className={styles.richText} dangerouslySetInnerHTML={{ __html: html }} />;
}
