import { noticeStyles } from "@/components/shell/centered-column";
import ui from "@/components/ui/ui.module.css";

// The not-found, forbidden and unauthorized notices of the route groups, drawn inside their frame (the
// signed-in shell or the public frame, whose <main> holds them). The root's own (app/not-found.tsx and its
// siblings) are whole pages with their own <main>. A group without its own would be given the root's: Next
// puts a first-level group's boundaries beside the root's, so every page's inline data carried each tree
// twice. Server components, so the text is in the response itself: a page that calls notFound() mid-render
// is sent as an empty shell that the browser fills from that data. Plain links: a full load drops whatever
// state led here.

export function FramedNotFound() {
  return (
    <div className={noticeStyles.inShell}>
      <h1 className={noticeStyles.heading}>Page Not Found</h1>
      <p className={noticeStyles.text}>The page you are looking for does not exist or has moved.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (above) */}
      <a href="/" className={ui.button}>
        Go to the home page
      </a>
    </div>
  );
}

export function FramedForbidden() {
  return (
    <div className={noticeStyles.inShell}>
      <h1 className={noticeStyles.heading}>Access denied</h1>
      <p className={noticeStyles.text}>You do not have permission to open this page.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (above) */}
      <a href="/" className={ui.button}>
        Go to the home page
      </a>
    </div>
  );
}

export function FramedUnauthorized() {
  return (
    <div className={noticeStyles.inShell}>
      <h1 className={noticeStyles.heading}>Sign in required</h1>
      <p className={noticeStyles.text}>Sign in to open this page.</p>
      <a href="/login" className={ui.button}>
        Sign in
      </a>
    </div>
  );
}
