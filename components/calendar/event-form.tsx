"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { EventAudienceFields, type AudienceKind } from "@/components/calendar/event-audience-fields";
import type { EventForm, EventFormValues } from "@/components/calendar/event-form-values";
import { EventRepeatFields } from "@/components/calendar/event-repeat-fields";
import { EventWhenFields } from "@/components/calendar/event-when-fields";
import type { EventJson } from "@/components/calendar/types";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { PickersProvider } from "@/components/forms/pickers-provider";
import type { SearchOption } from "@/components/forms/search-select";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPatch, apiPost } from "@/lib/client/api";
import { createEventSchema, type CreateEventInput } from "@/lib/schemas/calendar";
import { failureMessage } from "@/lib/client/spec-calls";

interface Props {
  /** The event to edit; none to create one with `initial`. */
  event?: EventJson;
  initial: EventFormValues;
  canTargetOrganization: boolean;
  /** Extra controls next to the submit button (e.g. 'Delete event'). */
  actions?: ReactNode;
}

function audienceOf(
  event: EventJson | undefined,
  canTargetOrganization: boolean,
): { kind: AudienceKind; selected: SearchOption | null } {
  if (event?.audience.type === "course" || event?.audience.type === "group")
    return { kind: event.audience.type, selected: { id: event.audience.id!, label: event.audience.name ?? "" } };
  return { kind: event || canTargetOrganization ? "organization" : "course", selected: null };
}

/** Create or edit an event: what, for whom, when, and how it repeats. Checked with the API's own schema. */
export function EventForm({ event, initial, canTargetOrganization, actions }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [audience, setAudience] = useState(() => audienceOf(event, canTargetOrganization));
  const form: EventForm = useForm<EventFormValues, unknown, CreateEventInput>({
    resolver: zodResolver(createEventSchema),
    defaultValues: initial,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = event
        ? await apiPatch<EventJson>(`/api/events/${event.id}`, values)
        : await apiPost<EventJson>("/api/events", values);
      router.push(event ? `/admin/events?saved=${saved.id}` : `/admin/events?created=${saved.id}`);
      router.refresh();
    } catch (e) {
      setError(failureMessage(e, event ? "Failed to update the event" : "Failed to create the event"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });

  const audienceError = form.formState.errors.course_id?.message ?? form.formState.errors.group_id?.message;
  return (
    <PickersProvider>
      <form method="post" onSubmit={onSubmit} noValidate aria-label={event ? "Edit event" : "New event"}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <FormTextField control={form.control} name="title" label="Title" autoFocus={!event} />
        <FormTextField control={form.control} name="description" label="Description" multiline minRows={2} />
        <FormTextField
          control={form.control}
          name="location"
          label="Location"
          helperText="A room, an address or a meeting link"
        />
        <EventAudienceFields
          canTargetOrganization={canTargetOrganization}
          kind={audience.kind}
          selected={audience.selected}
          error={audienceError}
          onChange={(kind, selected) => {
            setAudience({ kind, selected });
            form.setValue("course_id", kind === "course" ? (selected?.id ?? null) : null);
            form.setValue("group_id", kind === "group" ? (selected?.id ?? null) : null);
          }}
        />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h2">
          When
        </Typography>
        <EventWhenFields form={form} />
        <EventRepeatFields form={form} />
        <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: "center" }}>
          <SubmitButton
            isSubmitting={form.formState.isSubmitting}
            disabled={audience.kind !== "organization" && !audience.selected}
          >
            {event ? "Save" : "Create event"}
          </SubmitButton>
          {actions}
        </Stack>
      </form>
    </PickersProvider>
  );
}
