import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import ui from "@/components/ui/ui.module.css";

// Rendered inside the root layout only (no shell): unknown paths, unknown organizations and notFound().
// A server component: when a page calls notFound() mid-render, its HTML must carry this markup (as a client
// component the server's HTML came out empty). Its tree is in every page's inline data, so it stays small:
// the home button is a plain link (a full load, which also drops whatever state led here).
export default function NotFound() {
  return (
    <NoticePage>
      <MaintenanceBanner />
      <h1 className={noticeStyles.title}>Page Not Found</h1>
      <p className={noticeStyles.text}>The page you are looking for does not exist or has moved.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (above) */}
      <a href="/" className={ui.button}>
        Go to the home page
      </a>
    </NoticePage>
  );
}
