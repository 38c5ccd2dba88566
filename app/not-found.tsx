"use client";

import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import ui from "@/components/ui/ui.module.css";

// Rendered inside the root layout only (no shell): unknown paths, unknown organizations and notFound().
// A client component, so a page's inline data names it once instead of carrying its markup at every layout.
// The home button is a plain link (a full load, which also drops whatever state led here), not ButtonLink:
// this boundary's code loads with every page, and next/link and the icons would come with it.
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
