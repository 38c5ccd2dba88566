import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addDays, formatDate } from "@/lib/calendar/dates";
import type { CreateEventInput } from "@/lib/schemas/calendar";
import { storedEvent } from "@/lib/server/events/stored-event";

// The demo's calendar: an organization-wide kick-off, weekly office hours of the course the learner
// takes, a holiday, and that course's dates, around the day the demo is seeded. Only for an
// organization without events, so a second seed changes nothing.

export async function seedDemoEvents(
  db: PrismaClient,
  organizationId: string,
  people: { admin: string; instructor: string; learner: string },
): Promise<void> {
  if (await db.event.count({ where: { organizationId } })) return;
  const taken = await db.enrollment.findFirst({
    where: { organizationId, userId: people.learner, course: { status: "published" } },
    select: { courseId: true },
    orderBy: { enrolledAt: "asc" },
  });
  const today = new Date(`${formatDate(new Date())}T00:00:00Z`);
  const day = (offset: number) => formatDate(addDays(today, offset));
  const events: {
    by: string;
    input: Partial<CreateEventInput> & Pick<CreateEventInput, "title" | "starts_at" | "ends_at">;
  }[] = [
    {
      by: people.admin,
      input: {
        title: "Kick-off: the new training year",
        location: "Main hall and online",
        starts_at: `${day(3)}T09:00:00Z`,
        ends_at: `${day(3)}T10:00:00Z`,
        course_id: null,
      },
    },
    {
      by: people.admin,
      input: { title: "Company holiday", all_day: true, starts_at: day(12), ends_at: day(12), course_id: null },
    },
  ];
  if (taken) {
    events.push({
      by: people.instructor,
      input: {
        title: "Office hours",
        location: "Room 2.14",
        starts_at: `${day(1)}T15:00:00Z`,
        ends_at: `${day(1)}T16:00:00Z`,
        course_id: taken.courseId,
        recurrence: { frequency: "weekly", interval: 1, count: 8 },
      },
    });
    await db.course.update({
      where: { id: taken.courseId },
      data: { startsOn: addDays(today, -7), dueOn: addDays(today, 21) },
    });
  }
  for (const { by, input } of events) {
    const data = storedEvent({
      description: "",
      location: null,
      all_day: false,
      time_zone: "UTC",
      group_id: null,
      recurrence: null,
      ...input,
    });
    await db.event.create({ data: { organizationId, createdById: by, ...data } });
  }
}
