import { Suspense } from "react";
import { CalendarPanel } from "@/components/calendar/calendar-panel";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { ButtonLink } from "@/components/ui/button-link";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { getCalendarSettings } from "@/lib/server/calendar/settings";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Calendar · Learning Management" };

export default async function Page() {
  const caller = await guardSignedInPage("/calendar");
  // The platform's superadmin belongs to no organization, so has no calendar.
  if (!caller.ctx.organizationId) {
    return (
      <>
        <PageHeader title="Calendar" />
        <EmptyState
          title="Calendars belong to organizations"
          description="Sign in on an organization's address to see its calendar."
        />
      </>
    );
  }
  const settings = await getCalendarSettings(caller.ctx);
  const actions = can(caller.ctx.role, "events:manage") && (
    <ButtonLink icon="add" href="/admin/events/create">
      New event
    </ButtonLink>
  );
  return (
    <>
      <PageHeader
        title="Calendar"
        subtitle="Your organization's events, your courses' and groups' events, and your courses' dates"
        actions={actions}
      />
      <Suspense>
        <CalendarPanel savedTimeZone={settings.time_zone} />
      </Suspense>
    </>
  );
}
