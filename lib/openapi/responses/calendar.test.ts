import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { calendarSchema, calendarSettingsSchema, eventPageSchema, eventSchema } from "@/lib/openapi/responses/calendar";
import type { Page } from "@/lib/schemas/pagination";
import type { listCalendarItems } from "@/lib/server/calendar/calendar-items";
import type { CalendarSettingsJson } from "@/lib/server/calendar/settings";
import { eventJson, type EventJson } from "@/lib/server/events/json";

// The calendar's response schemas say what its serializers return (see responses.test.ts).

describe("calendar response schemas match the serializers", () => {
  it("types", () => {
    expectTypeOf<z.output<typeof eventSchema>>().toEqualTypeOf<EventJson>();
    expectTypeOf<z.output<typeof eventPageSchema>>().toEqualTypeOf<Page<EventJson>>();
    expectTypeOf<z.output<typeof calendarSchema>>().toEqualTypeOf<Awaited<ReturnType<typeof listCalendarItems>>>();
    expectTypeOf<z.output<typeof calendarSettingsSchema>>().toEqualTypeOf<CalendarSettingsJson>();
  });

  it("a recurring all-day group event", () => {
    const now = new Date("2026-01-31T09:30:00.000Z");
    const event = eventJson({
      id: "0198c8d0-0000-7000-8000-000000000001",
      title: "Night shift briefing",
      description: "",
      location: null,
      startsAt: new Date("2026-03-05T00:00:00.000Z"),
      endsAt: new Date("2026-03-07T00:00:00.000Z"),
      allDay: true,
      timeZone: "UTC",
      rrule: "FREQ=MONTHLY;INTERVAL=1;COUNT=3",
      courseId: null,
      groupId: "0198c8d0-0000-7000-8000-000000000002",
      createdAt: now,
      updatedAt: now,
      course: null,
      group: { id: "0198c8d0-0000-7000-8000-000000000002", name: "Night shift" },
      createdBy: null,
    });
    expect(event).toMatchObject({
      starts_at: "2026-03-05",
      ends_at: "2026-03-06",
      recurrence: { frequency: "monthly", interval: 1, until: null, count: 3 },
      audience: { type: "group", name: "Night shift" },
    });
    expect(eventSchema.parse(event)).toEqual(event);
  });
});
