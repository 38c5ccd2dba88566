import Paper from "@mui/material/Paper";
import { NewEventPanel } from "@/components/calendar/event-panels";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { getCalendarSettings } from "@/lib/server/calendar/settings";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Create event · Learning Management" };

export default async function Page() {
  const caller = await guardSignedInPage("/admin/events/*");
  const savedTimeZone = caller.ctx.organizationId ? (await getCalendarSettings(caller.ctx)).time_zone : null;
  return (
    <>
      <PageHeader
        title="Create event"
        subtitle="It appears on the calendars of those it is for, and in their iCal feeds"
      />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 840 }}>
        <NewEventPanel
          savedTimeZone={savedTimeZone}
          canTargetOrganization={can(caller.ctx.role, "events:manage:any")}
        />
      </Paper>
    </>
  );
}
