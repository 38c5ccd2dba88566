import { Suspense } from "react";
import { EventListPanel } from "@/components/calendar/event-panels";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { getCalendarSettings } from "@/lib/server/calendar/settings";

export const metadata = { title: "Events · Learning Management" };

export default async function Page() {
  const caller = await guardSignedInPage("/admin/events/*");
  // The apex has no organization and so no settings; the list itself says the same.
  const savedTimeZone = caller.ctx.organizationId ? (await getCalendarSettings(caller.ctx)).time_zone : null;
  return (
    <>
      <PageHeader
        title="Events"
        subtitle="Sessions and deadlines for your organization, courses and groups: they appear on the calendars of those they are for"
      />
      <Suspense>
        <EventListPanel savedTimeZone={savedTimeZone} />
      </Suspense>
    </>
  );
}
