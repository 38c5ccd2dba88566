import { noticeStyles } from "@/components/shell/centered-column";
import { Icon } from "@/components/ui/icon";
import ui from "@/components/ui/ui.module.css";

export interface ErrorScreenProps {
  /** The error's message; in production Next replaces server errors' messages with a generic one. */
  message: string;
  onRetry: () => void;
}

/** What an error boundary shows, as the page's <main> (the boundary replaces the shell too). */
export function ErrorScreen({ message, onRetry }: ErrorScreenProps) {
  return (
    <main className={noticeStyles.page}>
      <Icon name="error" size={56} className={noticeStyles.errorIcon} />
      <h1 className={noticeStyles.heading}>Something went wrong.</h1>
      <p className={noticeStyles.message}>{message || "An unexpected error occurred."}</p>
      <p className={noticeStyles.text}>Please try refreshing the page or contact support if the problem persists.</p>
      <button type="button" className={ui.button} onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}
