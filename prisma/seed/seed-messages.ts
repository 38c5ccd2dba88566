import type { PrismaClient } from "@/lib/generated/prisma/client";

interface DemoPeople {
  instructor?: string;
  learner?: string;
  org_admin?: string;
}

const HOUR = 3_600_000;

/**
 * Two demo conversations of one organization, left alone once any exists: the learner asked the
 * instructor something and the answer is unread; the org admin welcomed the learner, unread too.
 * Times and read marks are consistent with what sending them would have left.
 */
export async function seedDemoMessages(db: PrismaClient, organizationId: string, people: DemoPeople): Promise<void> {
  const { instructor, learner, org_admin: orgAdmin } = people;
  if (!instructor || !learner || !orgAdmin) return;
  if (await db.messageThread.findFirst({ where: { organizationId }, select: { id: true } })) return;
  const now = Date.now();
  await conversation(db, organizationId, "Question about the safety course", [
    { from: learner, body: "Hello! Is the final quiz required, or only the lessons?", at: new Date(now - 3 * HOUR) },
    {
      from: instructor,
      body: "Both count: the quiz is required. The course page lists what is required: see the outline.",
      at: new Date(now - 2 * HOUR),
    },
  ]);
  await conversation(
    db,
    organizationId,
    "Welcome",
    [
      {
        from: orgAdmin,
        body: "Welcome aboard! Your courses are on your dashboard. Write to your instructors here in Messages whenever you need help.",
        at: new Date(now - HOUR),
      },
    ],
    [learner],
  );
}

async function conversation(
  db: PrismaClient,
  organizationId: string,
  subject: string,
  messages: { from: string; body: string; at: Date }[],
  others: string[] = [],
) {
  const last = messages.at(-1)!;
  const people = [...new Set([...messages.map((m) => m.from), ...others])];
  const thread = await db.messageThread.create({
    data: {
      organizationId,
      subject,
      createdById: messages[0]!.from,
      createdAt: messages[0]!.at,
      lastMessageAt: last.at,
    },
  });
  await db.message.createMany({
    data: messages.map((m) => ({
      organizationId,
      threadId: thread.id,
      senderId: m.from,
      body: m.body,
      createdAt: m.at,
    })),
  });
  // Each person has read up to their own latest message (sending marks it read); the rest is unread.
  await db.messageParticipant.createMany({
    data: people.map((userId) => ({
      organizationId,
      threadId: thread.id,
      userId,
      joinedAt: messages[0]!.at,
      lastReadAt: messages.filter((m) => m.from === userId).at(-1)?.at ?? null,
    })),
  });
}
