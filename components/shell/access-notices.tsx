import type { ReactNode } from "react";
import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import ui from "@/components/ui/ui.module.css";

// The not-found, forbidden and unauthorized notices. The root's (app/not-found.tsx and its siblings) are
// whole pages with their own <main>; the route groups' are drawn inside their frame (the signed-in shell or
// the public frame, whose <main> holds them). A group without its own would be given the root's: Next puts a
// first-level group's boundaries beside the root's, so every page's inline data carried each tree twice.
// Server components, so the text is in the response itself: a page that calls notFound() mid-render is
// sent as an empty shell that the browser fills from the page's inline data. Plain links: a full load also
// drops whatever state led here, and these boundaries' code loads with every page.

interface NoticeWords {
  title: string;
  text: string;
  href: string;
  action: string;
}

const NOT_FOUND: NoticeWords = {
  title: "Page Not Found",
  text: "The page you are looking for does not exist or has moved.",
  href: "/",
  action: "Go to the home page",
};
const FORBIDDEN: NoticeWords = {
  title: "Access denied",
  text: "You do not have permission to open this page.",
  href: "/",
  action: "Go to the home page",
};
const UNAUTHORIZED: NoticeWords = {
  title: "Sign in required",
  text: "Sign in to open this page.",
  href: "/login",
  action: "Sign in",
};

/** A notice as a whole page, or `framed` inside a frame; `banner` above its heading. */
function Notice({ words, framed, banner }: { words: NoticeWords; framed?: boolean; banner?: ReactNode }) {
  const content = (
    <>
      {banner}
      <h1 className={framed ? noticeStyles.heading : noticeStyles.title}>{words.title}</h1>
      <p className={noticeStyles.text}>{words.text}</p>
      <a href={words.href} className={ui.button}>
        {words.action}
      </a>
    </>
  );
  return framed ? <div className={noticeStyles.inShell}>{content}</div> : <NoticePage>{content}</NoticePage>;
}

export const NotFoundPage = ({ banner }: { banner?: ReactNode }) => <Notice words={NOT_FOUND} banner={banner} />;
export const ForbiddenPage = () => <Notice words={FORBIDDEN} />;
export const UnauthorizedPage = () => <Notice words={UNAUTHORIZED} />;
export const FramedNotFound = () => <Notice words={NOT_FOUND} framed />;
export const FramedForbidden = () => <Notice words={FORBIDDEN} framed />;
export const FramedUnauthorized = () => <Notice words={UNAUTHORIZED} framed />;
