import styles from "@/components/quizzes/quiz.module.css";

/** Sanitized HTML of a choice, an item or a prompt, in a line of text or a control's label. */
export function RichInline({ html, id }: { html: string; id?: string }) {
  return <span id={id} className={styles.inline} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The words of sanitized HTML, an image's its alternative text, for an accessible name ("Move Cell up"). */
export function plainText(html: string): string {
  return html
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, " $1 ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
