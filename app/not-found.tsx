import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import { ButtonLink } from "@/components/ui/button-link";

// Rendered inside the root layout only (no shell): unknown paths, unknown organizations and notFound().
// The home button is a plain link (a full load), which also drops whatever state led here.
export default function NotFound() {
  return (
    <NoticePage>
      <MaintenanceBanner />
      <h1 className={noticeStyles.title}>Page Not Found</h1>
      <p className={noticeStyles.text}>The page you are looking for does not exist or has moved.</p>
      <ButtonLink href="/" fullLoad>
        Go to the home page
      </ButtonLink>
    </NoticePage>
  );
}
