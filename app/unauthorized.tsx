import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import ui from "@/components/ui/ui.module.css";

// unauthorized() anywhere: the page needs a session. In place of Next's default page (whose inline styles
// every page's data would carry). A plain link, as app/not-found.tsx, for the same reasons.
export default function Unauthorized() {
  return (
    <NoticePage>
      <h1 className={noticeStyles.title}>Sign in required</h1>
      <p className={noticeStyles.text}>Sign in to open this page.</p>
      <a href="/login" className={ui.button}>
        Sign in
      </a>
    </NoticePage>
  );
}
