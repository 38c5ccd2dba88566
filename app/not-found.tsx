import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import ui from "@/components/ui/ui.module.css";

// Rendered inside the root layout only (no shell): unknown paths, unknown organizations and notFound() outside
// the route groups (which have their own, components/shell/framed-notices.tsx). A server component: a page
// that calls notFound() mid-render is sent as an empty shell that the browser fills from the page's inline
// data, so the markup must be in that data (as a client component only its name was). Its tree is in every
// page's inline data, so it stays small: the home button is a plain link (a full load, which also drops
// whatever state led here).
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
