import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { sendUnreadEmails } from "@/lib/server/messages/unread-email";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";

// The e-mail about a message still unread 15 minutes after it was sent: its job is queued with the
// message, and its handler is driven here with a controlled clock instead of waiting 15 minutes.

const MINUTE = 60_000;
let tenant: TestTenant;
let sender: TestUser;
beforeAll(async () => {
  tenant = await createTenant();
  sender = tenant.users.org_admin;
});
afterAll(() => testDb().$disconnect());

/** The unread-message e-mails in the outbox to this address. */
async function mailsTo(email: string): Promise<string[]> {
  const dir = process.env.TEST_OUTBOX_DIR!;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${email}.eml`));
  const mails = await Promise.all(
    files.map(async (f) => (await readFile(path.join(dir, f), "utf8")).replace(/=\r?\n/g, "")),
  );
  return mails.filter((m) => m.includes("Subject: Unread message"));
}

async function startThread(recipients: TestUser[], body = "Please read the brief") {
  const res = await callAs(tenant.subdomain, sender, "/api/messages/threads", {
    method: "POST",
    json: { subject: uniqueName("Brief "), body, recipient_ids: recipients.map((r) => r.id) },
  });
  expect(res.status).toBe(201);
  const message = res.json.messages[0] as { id: string; created_at: string };
  return {
    threadId: res.json.id as string,
    subject: res.json.subject as string,
    messageId: message.id,
    sentAt: new Date(message.created_at),
  };
}

const job = (t: { threadId: string; messageId: string }) => ({
  organizationId: tenant.id,
  threadId: t.threadId,
  messageId: t.messageId,
});
const after = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);

describe("the unread-message e-mail", () => {
  it("is queued with each message, due 15 minutes after it", async () => {
    const reader = await createUser(tenant.id, "learner");
    const thread = await startThread([reader]);
    const [queued] = await queryRows<{ startAfter: Date }>(
      Prisma.sql`SELECT start_after AS "startAfter" FROM pgboss.job WHERE name = 'messages.unread-email' AND data->>'messageId' = ${thread.messageId}`,
      testDb(),
    );
    expect(queued).toBeDefined();
    const delay = queued!.startAfter.getTime() - thread.sentAt.getTime();
    expect(delay).toBeGreaterThan(14.5 * MINUTE);
    expect(delay).toBeLessThan(15.5 * MINUTE);
  });

  it("goes once per conversation, only to those who have not read it after 15 minutes and have not switched it off", async () => {
    const [unreading, optedOut, reading] = await Promise.all([
      createUser(tenant.id, "learner"),
      createUser(tenant.id, "learner"),
      createUser(tenant.id, "learner"),
    ]);
    expect(
      (await callAs(tenant.subdomain, optedOut, "/auth/profile", { method: "PUT", json: { email_on_message: false } }))
        .json.user.email_on_message,
    ).toBe(false);
    const thread = await startThread([unreading, optedOut, reading], "Read https://example.com/brief by Friday");

    // Before the 15 minutes are up, nobody is told.
    expect(await sendUnreadEmails(job(thread), after(thread.sentAt, 14))).toEqual({ sent: 0 });
    await callAs(tenant.subdomain, reading, `/api/messages/threads/${thread.threadId}`);

    expect(await sendUnreadEmails(job(thread), after(thread.sentAt, 16))).toEqual({ sent: 1 });
    const [mail, ...more] = await mailsTo(unreading.email);
    expect(more).toEqual([]);
    expect(mail).toContain(`Subject: Unread message: ${thread.subject}`);
    expect(mail).toContain("Read https://example.com/brief by Friday");
    expect(mail).toContain(`/messages/${thread.threadId}`);
    expect(await mailsTo(optedOut.email)).toEqual([]);
    expect(await mailsTo(reading.email)).toEqual([]);
    expect(await mailsTo(sender.email)).toEqual([]);

    // Run again (a retry), or for a later message of the same conversation: nobody is told twice.
    expect(await sendUnreadEmails(job(thread), after(thread.sentAt, 20))).toEqual({ sent: 0 });
    const reply = await callAs(tenant.subdomain, sender, `/api/messages/threads/${thread.threadId}/messages`, {
      method: "POST",
      json: { body: "Reminder" },
    });
    const replyAt = new Date(reply.json.created_at);
    expect(await sendUnreadEmails({ ...job(thread), messageId: reply.json.id }, after(replyAt, 16))).toEqual({
      sent: 1,
    }); // `reading` has not read the reply
    expect(await mailsTo(unreading.email)).toHaveLength(1);
    expect(await mailsTo(reading.email)).toHaveLength(1);

    // Once they have read the conversation, a new unread message may be told again (to them, not to
    // `reading`, who has not read the reply they were told about).
    await callAs(tenant.subdomain, unreading, `/api/messages/threads/${thread.threadId}`);
    const next = await callAs(tenant.subdomain, sender, `/api/messages/threads/${thread.threadId}/messages`, {
      method: "POST",
      json: { body: "One more thing" },
    });
    expect(
      await sendUnreadEmails({ ...job(thread), messageId: next.json.id }, after(new Date(next.json.created_at), 16)),
    ).toEqual({ sent: 1 });
    expect(await mailsTo(unreading.email)).toHaveLength(2);
    expect(await mailsTo(reading.email)).toHaveLength(1);
  });

  it("is not sent to someone who archived the conversation, nor for a message that is gone", async () => {
    const reader = await createUser(tenant.id, "learner");
    const thread = await startThread([reader]);
    await callAs(tenant.subdomain, reader, `/api/messages/threads/${thread.threadId}`, {
      method: "PATCH",
      json: { archived: true },
    });
    expect(await sendUnreadEmails(job(thread), after(thread.sentAt, 16))).toEqual({ sent: 0 });
    expect(
      await sendUnreadEmails(
        { ...job(thread), messageId: "0198c8d0-0000-7000-8000-000000000099" },
        after(thread.sentAt, 16),
      ),
    ).toEqual({ sent: 0 });
  });

  it("never tells anyone about another organization's conversation", async () => {
    const reader = await createUser(tenant.id, "learner");
    const thread = await startThread([reader]);
    const other = await createTenant();
    expect(await sendUnreadEmails({ ...job(thread), organizationId: other.id }, after(thread.sentAt, 16))).toEqual({
      sent: 0,
    });
    expect(await mailsTo(reader.email)).toEqual([]);
  });
});
