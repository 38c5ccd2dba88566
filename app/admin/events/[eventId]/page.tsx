import Paper from "@mui/material/Paper";
import { EventEditor } from "@/components/calendar/event-panels";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getEvent } from "@/lib/server/events/queries";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Event · Learning Management" };

export default async function Page({ params }: { params: Promise<{ eventId: string }> }) {
  const caller = await guardSignedInPage("/admin/events/*");
  const event = await loadOrNotFound(getEvent(caller.ctx, (await params).eventId));
  return (
    <>
      <PageHeader
        title={event.title}
        subtitle={event.recurrence ? "A repeating event: changes apply to every occurrence" : "Event"}
      />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 840 }}>
        <EventEditor event={event} canTargetOrganization={can(caller.ctx.role, "events:manage:any")} />
      </Paper>
    </>
  );
}
