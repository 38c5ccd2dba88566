import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import ui from "@/components/ui/ui.module.css";

// forbidden() outside the course pages (which have their own), in place of Next's default page (whose inline
// styles every page's data would carry). A plain link, as app/not-found.tsx, for the same reasons.
export default function Forbidden() {
  return (
    <NoticePage>
      <h1 className={noticeStyles.title}>Access denied</h1>
      <p className={noticeStyles.text}>You do not have permission to open this page.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (above) */}
      <a href="/" className={ui.button}>
        Go to the home page
      </a>
    </NoticePage>
  );
}
