import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import {
  createSuperadmin,
  createTenant,
  createUser,
  testDb,
  uniqueName,
  type TestTenant,
  type TestUser,
} from "@/test/factories";
import { call } from "@/test/http";
import { callAs, cachedSignIn } from "@/test/session";

// Messages between the people of one organization, by the rules of docs/permissions.md "Messages":
// staff write to anyone of the organization; a learner to the instructors of their courses and to the
// members of their groups (and those groups). Another organization's people are never addressed,
// found or seen, and a conversation is seen by its participants only.

let a: TestTenant;
let b: TestTenant;
let classmate: TestUser; // in a group with a.users.learner
let stranger: TestUser; // a learner of A sharing nothing with a.users.learner
let groupId: string;
let otherGroupId: string; // a group the learner is not in

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [classmate, stranger] = await Promise.all([
    createUser(a.id, "learner", { firstName: uniqueName("Clara") }),
    createUser(a.id, "learner", { firstName: uniqueName("Stan") }),
  ]);
  const course = await createCourse(a.id, { instructorIds: [a.users.instructor.id] });
  await enroll(a.id, course.id, a.users.learner.id);
  const db = testDb();
  const group = await db.group.create({ data: { organizationId: a.id, name: uniqueName("Study group ") } });
  await db.groupMember.createMany({
    data: [a.users.learner.id, classmate.id].map((userId) => ({ organizationId: a.id, groupId: group.id, userId })),
  });
  groupId = group.id;
  const other = await db.group.create({ data: { organizationId: a.id, name: uniqueName("Other group ") } });
  await db.groupMember.create({ data: { organizationId: a.id, groupId: other.id, userId: stranger.id } });
  otherGroupId = other.id;
});
afterAll(() => testDb().$disconnect());

const send = (from: TestUser, json: object, tenant = a) =>
  callAs(tenant.subdomain, from, "/api/messages/threads", { method: "POST", json });
const unread = async (user: TestUser, tenant = a) =>
  (await callAs(tenant.subdomain, user, "/api/messages/unread-count")).json.unreadCount as number;
const subject = () => uniqueName("Subject ");

describe("who may write to whom", () => {
  it("a learner writes to the instructor of their course, who gets one unread conversation", async () => {
    const before = await unread(a.users.instructor);
    const res = await send(a.users.learner, {
      subject: "About week 2",
      body: "Is the quiz open?",
      recipient_ids: [a.users.instructor.id],
    });
    expect(res.status).toBe(201);
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.subject).toBe("About week 2");
    expect(res.json.messages.map((m: { body: string }) => m.body)).toEqual(["Is the quiz open?"]);
    expect(res.json.participants.map((p: { id: string }) => p.id).sort()).toEqual(
      [a.users.learner.id, a.users.instructor.id].sort(),
    );
    expect(await unread(a.users.instructor)).toBe(before + 1);
  });

  it("a learner writes to a member of their group, and to their group as a whole", async () => {
    expect(
      (await send(a.users.learner, { subject: subject(), body: "Hi", recipient_ids: [classmate.id] })).status,
    ).toBe(201);
    const toGroup = await send(a.users.learner, { subject: subject(), body: "Hi all", group_id: groupId });
    expect(toGroup.status).toBe(201);
    expect(toGroup.json.group_name).toMatch(/^Study group /);
    expect(toGroup.json.participants.map((p: { id: string }) => p.id).sort()).toEqual(
      [a.users.learner.id, classmate.id].sort(),
    );
  });

  it("a learner cannot write to someone of the organization they share no course or group with, nor to an admin who does not teach them, nor to a group they are not in", async () => {
    for (const id of [stranger.id, a.users.org_admin.id, a.users.admin.id]) {
      const res = await send(a.users.learner, { subject: subject(), body: "Hi", recipient_ids: [id] });
      expect(res.status, id).toBe(400);
      expect(res.json.error.message).toMatch(/You cannot write to this person/);
    }
    const res = await send(a.users.learner, { subject: subject(), body: "Hi", group_id: otherGroupId });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.group_id).toEqual(["You cannot write to this group"]);
  });

  it("nobody can address another organization's people or groups: the same refusal as for an unknown id", async () => {
    const unknown = await send(a.users.admin, {
      subject: subject(),
      body: "Hi",
      recipient_ids: ["0198c8d0-0000-7000-8000-000000000099"],
    });
    for (const from of [a.users.learner, a.users.admin]) {
      const res = await send(from, { subject: subject(), body: "Hi", recipient_ids: [b.users.learner.id] });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(`You cannot write to this person: ${b.users.learner.id}`);
      expect(unknown.json.error.message).toBe("You cannot write to this person: 0198c8d0-0000-7000-8000-000000000099");
    }
    const group = await testDb().group.create({ data: { organizationId: b.id, name: uniqueName("B group ") } });
    expect((await send(a.users.admin, { subject: subject(), body: "Hi", group_id: group.id })).status).toBe(400);
    expect(await unread(b.users.learner, b)).toBe(0);
  });

  it("staff write to anyone of the organization and to any of its groups", async () => {
    expect(
      (await send(a.users.instructor, { subject: subject(), body: "Hello", recipient_ids: [stranger.id] })).status,
    ).toBe(201);
    const res = await send(a.users.org_admin, { subject: subject(), body: "To the group", group_id: otherGroupId });
    expect(res.status).toBe(201);
    expect(res.json.participant_count).toBe(2);
  });

  it("writing only to oneself, or to nobody, is refused", async () => {
    const self = await send(a.users.admin, { subject: subject(), body: "Hi", recipient_ids: [a.users.admin.id] });
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe("You cannot write to yourself");
    const nobody = await send(a.users.admin, { subject: subject(), body: "Hi" });
    expect(nobody.status).toBe(400);
    expect(nobody.json.error.fieldErrors.recipient_ids).toEqual(["Choose at least one person or a group"]);
  });

  it("the apex superadmin has no mailbox: 404, and an unread count of 0", async () => {
    const superadmin = await createSuperadmin();
    const token = await cachedSignIn(null, superadmin);
    expect((await call(null, "/api/messages/threads", { bearer: token })).status).toBe(404);
    expect((await call(null, "/api/messages/recipients", { bearer: token })).status).toBe(404);
    expect((await call(null, "/api/messages/unread-count", { bearer: token })).json).toEqual({ unreadCount: 0 });
  });
});

describe("GET /api/messages/recipients", () => {
  const ids = (res: { json: { users: { id: string }[] } }) => res.json.users.map((u) => u.id);

  it("a learner finds the instructor of their course and their group's members, nobody else, and no e-mail addresses", async () => {
    const res = await callAs(a.subdomain, a.users.learner, "/api/messages/recipients");
    expect(res.status).toBe(200);
    expect(ids(res).sort()).toEqual([a.users.instructor.id, classmate.id].sort());
    expect(res.json.groups.map((g: { id: string }) => g.id)).toEqual([groupId]);
    expect(JSON.stringify(res.json)).not.toContain("@example.test");
    // Searching by an address finds nobody for a learner.
    expect(
      ids(
        await callAs(a.subdomain, a.users.learner, `/api/messages/recipients?q=${encodeURIComponent(classmate.email)}`),
      ),
    ).toEqual([]);
  });

  it("a learner cannot find another organization's users, even by their exact name", async () => {
    const name = uniqueName("Bea");
    const other = await createUser(b.id, "instructor", { firstName: name });
    const res = await callAs(a.subdomain, a.users.learner, `/api/messages/recipients?q=${name}`);
    expect(ids(res)).toEqual([]);
    const asAdmin = await callAs(a.subdomain, a.users.admin, `/api/messages/recipients?q=${name}`);
    expect(ids(asAdmin)).not.toContain(other.id);
    expect(ids(asAdmin)).toEqual([]);
  });

  it("staff find anyone of the organization by any word of the name or by e-mail, and every group", async () => {
    const byName = await callAs(
      a.subdomain,
      a.users.instructor,
      `/api/messages/recipients?q=${encodeURIComponent(`${stranger.firstName} Tester`)}`,
    );
    expect(ids(byName)).toEqual([stranger.id]);
    expect(
      ids(
        await callAs(
          a.subdomain,
          a.users.instructor,
          `/api/messages/recipients?q=${encodeURIComponent(stranger.email)}`,
        ),
      ),
    ).toEqual([stranger.id]);
    const groups = (await callAs(a.subdomain, a.users.admin, "/api/messages/recipients?q=group")).json.groups.map(
      (g: { id: string }) => g.id,
    );
    expect(groups.sort()).toEqual([groupId, otherGroupId].sort());
  });

  it("the caller is never offered to themselves", async () => {
    expect(
      ids(await callAs(a.subdomain, a.users.admin, `/api/messages/recipients?q=${a.users.admin.username}`)),
    ).toEqual([]);
  });
});

describe("reading, the unread count and the inbox", () => {
  it("counts conversations, not messages; opening one reads it and the count never goes below 0", async () => {
    const reader = await createUser(a.id, "learner");
    const thread = (await send(a.users.instructor, { subject: subject(), body: "One", recipient_ids: [reader.id] }))
      .json;
    await callAs(a.subdomain, a.users.instructor, `/api/messages/threads/${thread.id}/messages`, {
      method: "POST",
      json: { body: "Two" },
    });
    await callAs(a.subdomain, a.users.instructor, `/api/messages/threads/${thread.id}/messages`, {
      method: "POST",
      json: { body: "Three" },
    });
    expect(await unread(reader)).toBe(1);
    // The sender's own messages are never unread to them.
    expect((await callAs(a.subdomain, a.users.instructor, `/api/messages/threads/${thread.id}`)).json.was_unread).toBe(
      false,
    );

    const opened = await callAs(a.subdomain, reader, `/api/messages/threads/${thread.id}`);
    expect(opened.status).toBe(200);
    expect(opened.json.was_unread).toBe(true);
    expect(opened.json.messages.map((m: { body: string }) => m.body)).toEqual(["One", "Two", "Three"]);
    expect(await unread(reader)).toBe(0);
    const again = await callAs(a.subdomain, reader, `/api/messages/threads/${thread.id}`);
    expect(again.json.was_unread).toBe(false);
    expect(await unread(reader)).toBe(0);
    // Everyone's read state: the reader has read up to the last message.
    const mine = again.json.participants.find((p: { id: string }) => p.id === reader.id);
    expect(mine.last_read_at).toBe(again.json.messages[2].created_at);
  });

  it("a reply brings a conversation to the top of the inbox, unread and with its latest message", async () => {
    const reader = await createUser(a.id, "learner");
    const first = (await send(a.users.instructor, { subject: "Older", body: "first", recipient_ids: [reader.id] }))
      .json;
    const second = (await send(a.users.instructor, { subject: "Newer", body: "second", recipient_ids: [reader.id] }))
      .json;
    await callAs(a.subdomain, reader, `/api/messages/threads/${first.id}`);
    await callAs(a.subdomain, reader, `/api/messages/threads/${second.id}`);
    let inbox = (await callAs(a.subdomain, reader, "/api/messages/threads")).json;
    expect(inbox.items.map((t: { subject: string }) => t.subject)).toEqual(["Newer", "Older"]);
    expect(inbox.unread_count).toBe(0);

    await callAs(a.subdomain, a.users.instructor, `/api/messages/threads/${first.id}/messages`, {
      method: "POST",
      json: { body: "A reply https://example.com" },
    });
    inbox = (await callAs(a.subdomain, reader, "/api/messages/threads")).json;
    expect(inbox.items.map((t: { subject: string; is_unread: boolean }) => [t.subject, t.is_unread])).toEqual([
      ["Older", true],
      ["Newer", false],
    ]);
    expect(inbox.items[0].last_message).toMatchObject({
      excerpt: "A reply https://example.com",
      sender: { id: a.users.instructor.id },
    });
    expect(inbox.unread_count).toBe(1);
    expect(inbox.total).toBe(2);
    const paged = (await callAs(a.subdomain, reader, "/api/messages/threads?page=2&page_size=1")).json;
    expect(paged).toMatchObject({ page: 2, page_size: 1, total: 2 });
    expect(paged.items.map((t: { subject: string }) => t.subject)).toEqual(["Newer"]);
  });

  it("an open conversation fetches only what came after the message it has", async () => {
    const thread = (
      await send(a.users.learner, { subject: subject(), body: "m1", recipient_ids: [a.users.instructor.id] })
    ).json;
    const firstId = thread.messages[0].id;
    const reply = await callAs(a.subdomain, a.users.instructor, `/api/messages/threads/${thread.id}/messages`, {
      method: "POST",
      json: { body: "m2" },
    });
    expect(reply.status).toBe(201);
    const since = await callAs(a.subdomain, a.users.learner, `/api/messages/threads/${thread.id}?after=${firstId}`);
    expect(since.json.messages.map((m: { body: string }) => m.body)).toEqual(["m2"]);
    expect(since.json.was_unread).toBe(true);
    const none = await callAs(
      a.subdomain,
      a.users.learner,
      `/api/messages/threads/${thread.id}?after=${reply.json.id}`,
    );
    expect(none.json.messages).toEqual([]);
    const earlier = await callAs(
      a.subdomain,
      a.users.learner,
      `/api/messages/threads/${thread.id}?before=${reply.json.id}`,
    );
    expect(earlier.json.messages.map((m: { body: string }) => m.body)).toEqual(["m1"]);
    const foreign = await callAs(
      a.subdomain,
      a.users.learner,
      `/api/messages/threads/${thread.id}?after=0198c8d0-0000-7000-8000-000000000099`,
    );
    expect(foreign.status).toBe(400);
  });

  it("archive and unarchive are the caller's own; a new message brings the conversation back", async () => {
    const reader = await createUser(a.id, "learner");
    const thread = (
      await send(a.users.org_admin, { subject: subject(), body: "Archive me", recipient_ids: [reader.id] })
    ).json;
    expect(await unread(reader)).toBe(1);
    const archived = await callAs(a.subdomain, reader, `/api/messages/threads/${thread.id}`, {
      method: "PATCH",
      json: { archived: true },
    });
    expect(archived.status).toBe(200);
    expect(archived.json).toMatchObject({ id: thread.id, is_archived: true, is_unread: true });
    expect(await unread(reader)).toBe(0);
    expect((await callAs(a.subdomain, reader, "/api/messages/threads")).json.items).toEqual([]);
    expect(
      (await callAs(a.subdomain, reader, "/api/messages/threads?archived=true")).json.items.map(
        (t: { id: string }) => t.id,
      ),
    ).toEqual([thread.id]);
    // The sender's copy is not archived.
    expect((await callAs(a.subdomain, a.users.org_admin, `/api/messages/threads/${thread.id}`)).json.is_archived).toBe(
      false,
    );

    await callAs(a.subdomain, a.users.org_admin, `/api/messages/threads/${thread.id}/messages`, {
      method: "POST",
      json: { body: "Back again" },
    });
    expect(
      (await callAs(a.subdomain, reader, "/api/messages/threads")).json.items.map((t: { id: string }) => t.id),
    ).toEqual([thread.id]);
    expect(await unread(reader)).toBe(1);
    const back = await callAs(a.subdomain, reader, `/api/messages/threads/${thread.id}`, {
      method: "PATCH",
      json: { archived: false },
    });
    expect(back.json.is_archived).toBe(false);
  });

  it("search finds the caller's own conversations by subject or by any message, never others'", async () => {
    const word = uniqueName("zebra");
    const reader = await createUser(a.id, "learner");
    const thread = (
      await send(a.users.instructor, {
        subject: subject(),
        body: `Bring your ${word} notes`,
        recipient_ids: [reader.id],
      })
    ).json;
    await send(a.users.instructor, { subject: `Trip ${word}`, body: "Details soon", recipient_ids: [stranger.id] });
    const found = (await callAs(a.subdomain, reader, `/api/messages/threads?q=${word}%20notes`)).json;
    expect(found.items.map((t: { id: string }) => t.id)).toEqual([thread.id]);
    expect((await callAs(a.subdomain, reader, `/api/messages/threads?q=${word}%20missing`)).json.items).toEqual([]);
    const bySubject = (await callAs(a.subdomain, a.users.instructor, `/api/messages/threads?q=Trip%20${word}`)).json;
    expect(bySubject.items.map((t: { subject: string }) => t.subject)).toEqual([`Trip ${word}`]);
  });
});

describe("a conversation is its participants' only", () => {
  let threadId: string;
  beforeAll(async () => {
    threadId = (
      await send(a.users.learner, { subject: subject(), body: "Private", recipient_ids: [a.users.instructor.id] })
    ).json.id;
  });

  it("an admin of the organization who is not in it gets a 404 for every verb", async () => {
    expect((await callAs(a.subdomain, a.users.admin, `/api/messages/threads/${threadId}`)).status).toBe(404);
    expect(
      (
        await callAs(a.subdomain, a.users.admin, `/api/messages/threads/${threadId}/messages`, {
          method: "POST",
          json: { body: "Hi" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAs(a.subdomain, a.users.admin, `/api/messages/threads/${threadId}`, {
          method: "PATCH",
          json: { archived: true },
        })
      ).status,
    ).toBe(404);
    expect((await callAs(a.subdomain, a.users.admin, `/api/messages/threads?q=Private`)).json.items).toEqual([]);
  });

  it("another organization gets a 404 on its own host, and its token counts for nothing on A's", async () => {
    expect((await callAs(b.subdomain, b.users.admin, `/api/messages/threads/${threadId}`)).status).toBe(404);
    expect(
      (
        await callAs(b.subdomain, b.users.learner, `/api/messages/threads/${threadId}/messages`, {
          method: "POST",
          json: { body: "Hi" },
        })
      ).status,
    ).toBe(404);
    const bToken = await cachedSignIn(b.subdomain, b.users.admin);
    expect((await call(a.subdomain, `/api/messages/threads/${threadId}`, { bearer: bToken })).status).toBe(401);
    const messages = await testDb().message.count({ where: { threadId } });
    expect(messages).toBe(1);
  });
});

describe("the sending limit", () => {
  it("past the limit a user gets a 429 that says when to try again; others are not affected", async () => {
    const busy = await createUser(a.id, "instructor");
    // The window's counter, as a burst of sends would have left it (30 per 5 minutes by default).
    await testDb().rateLimitBucket.create({
      data: { key: `messages:send:${busy.id}`, count: 30, resetAt: new Date(Date.now() + 4 * 60_000) },
    });
    const res = await send(busy, { subject: subject(), body: "One too many", recipient_ids: [a.users.learner.id] });
    expect(res.status).toBe(429);
    expect(res.json.error.message).toBe(
      "You are sending messages too quickly: at most 30 every 5 minutes. Please wait 4 minutes and try again.",
    );
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(200);
    expect(await testDb().messageThread.count({ where: { organizationId: a.id, createdById: busy.id } })).toBe(0);
    expect(
      (await send(a.users.instructor, { subject: subject(), body: "Fine", recipient_ids: [a.users.learner.id] }))
        .status,
    ).toBe(201);
  });
});
