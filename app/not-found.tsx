import { NotFoundPage } from "@/components/shell/access-notices";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";

// Unknown paths, unknown organizations and notFound() outside the route groups (which have their own): a
// whole page inside the root layout, with no shell. components/shell/access-notices.tsx says how it is drawn.
export default function NotFound() {
  return <NotFoundPage banner={<MaintenanceBanner />} />;
}
