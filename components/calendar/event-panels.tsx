"use client";

import Button from "@mui/material/Button";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { EventForm } from "@/components/calendar/event-form";
import { eventValues, newEventValues } from "@/components/calendar/event-form-values";
import { EventList } from "@/components/calendar/event-list";
import type { EventJson } from "@/components/calendar/types";
import { Zoned } from "@/components/calendar/zoned";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { apiDelete } from "@/lib/client/api";

// The events pages' client parts, each in the person's zone (their setting, else the browser's).

export function EventListPanel({ savedTimeZone }: { savedTimeZone: string | null }) {
  return <Zoned savedTimeZone={savedTimeZone}>{(timeZone) => <EventList timeZone={timeZone} />}</Zoned>;
}

/** A new event starts at the next full hour of the person's zone. */
export function NewEventPanel({
  savedTimeZone,
  canTargetOrganization,
}: {
  savedTimeZone: string | null;
  canTargetOrganization: boolean;
}) {
  return (
    <Zoned savedTimeZone={savedTimeZone}>
      {(timeZone) => <EventForm initial={newEventValues(timeZone)} canTargetOrganization={canTargetOrganization} />}
    </Zoned>
  );
}

/** An event in the zone it was entered in, and deleting it (every occurrence). */
export function EventEditor({ event, canTargetOrganization }: { event: EventJson; canTargetOrganization: boolean }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    await apiDelete(`/api/events/${event.id}`);
    router.push("/admin/events?deleted=1");
    router.refresh();
  };
  return (
    <>
      <EventForm
        event={event}
        initial={eventValues(event)}
        canTargetOrganization={canTargetOrganization}
        actions={
          <Button color="error" onClick={() => setConfirming(true)}>
            Delete event
          </Button>
        }
      />
      {confirming && (
        <ConfirmDialog
          title="Delete this event?"
          message={
            event.recurrence
              ? "Every occurrence of the event is deleted, from every calendar."
              : "The event is deleted from every calendar."
          }
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
