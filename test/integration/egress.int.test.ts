import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSuperadmin, createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { callAs, signIn } from "@/test/session";
import { startSmtpServer, TEST_SMTP_HOST } from "@/test/smtp-server";

// Outgoing connections a tenant chooses: an organization's mail server. Whatever host an admin types,
// the server connects only to public addresses and to what the operator allow-lists (the test app lists
// 127.0.0.2 only); a refusal is one sentence, a failure another, the server's own reply is neither shown
// nor stored, and nothing answers 5xx.

const REFUSED = "This address is not allowed for an outgoing connection";
const FAILED =
  "The test e-mail could not be sent: the mail server could not be reached or did not accept it. Check its host name, port, security, user name and password.";

/** Every spelling of a forbidden place a test tries, on the save route and the test route alike. */
const FORBIDDEN_HOSTS = [
  "127.0.0.1", // loopback, where the app and its database listen
  "127.0.0.3", // the rest of 127/8 stays refused next to the allow-listed 127.0.0.2
  "0.0.0.0",
  "10.0.0.5", // private
  "172.16.0.5",
  "192.168.1.10",
  "100.64.0.1", // carrier-grade NAT
  "169.254.169.254", // the cloud metadata service (link-local)
  "::1", // IPv6 loopback
  "[::1]",
  "fe80::1", // link-local
  "fd00::25", // unique-local
  "::ffff:127.0.0.1", // IPv4-mapped
  "::ffff:7f00:1", // IPv4-mapped, hex
  "::ffff:169.254.169.254",
  "2130706433", // 127.0.0.1 in decimal
  "0x7f000001", // in hex
  "0177.0.0.1", // in octal
  "127.1", // short form
  "localhost", // a name resolving to 127.0.0.1
  "acme.localhost", // a name below localhost
];

const smtpBody = (host: string, port: number) => ({
  enabled: true,
  host,
  port,
  security: "none",
  username: "",
  fromAddress: "learning@example.test",
  fromName: "",
});

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

const saveSmtp = (body: unknown) =>
  callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp", { method: "PUT", json: body });
const sendTest = () =>
  callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp/test", { method: "POST" });

/** A mail server stored as if saved before the guard existed, or through a name that resolved elsewhere then. */
async function storeSmtp(organizationId: string, host: string, port: number): Promise<void> {
  const value = smtpBody(host, port);
  await testDb().setting.upsert({
    where: { organizationId_key: { organizationId, key: "smtp" } },
    create: { organizationId, key: "smtp", value },
    update: { value },
  });
}

async function lastTestAudit(organizationId: string) {
  return testDb().auditLog.findFirstOrThrow({
    where: { organizationId, action: "settings.smtp.test" },
    orderBy: { createdAt: "desc" },
    select: { data: true },
  });
}

/** A TCP server doing `onConnect` with each connection, and counting them. */
async function startTcpServer(
  host: string,
  onConnect: (socket: Socket) => void = () => undefined,
): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    onConnect(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe("saving a mail server", () => {
  it.each(FORBIDDEN_HOSTS)(
    "PUT /api/admin/settings/smtp with host %j → 400, the same message, nothing saved",
    async (host) => {
      const res = await saveSmtp(smtpBody(host, 25));
      expect(res.status, res.text).toBe(400);
      expect(res.json.error).toEqual({ code: "BAD_REQUEST", message: REFUSED, fieldErrors: { host: [REFUSED] } });
      expect(await testDb().setting.count({ where: { organizationId: tenant.id, key: "smtp" } })).toBe(0);
    },
  );

  it("the platform's mail server, set by the superadmin in System Settings, is refused the same way", async () => {
    const superadmin = await createSuperadmin();
    const token = await signIn(null, superadmin);
    for (const host of ["127.0.0.1", "2130706433", "localhost", "::ffff:7f00:1"]) {
      const res = await call(null, "/api/admin/settings/smtp", {
        method: "PUT",
        bearer: token,
        json: smtpBody(host, 25),
      });
      expect(res.status, host).toBe(400);
      expect(res.json.error.message, host).toBe(REFUSED);
    }
  });

  it("an allow-listed address is saved, in any spelling", async () => {
    const other = await createTenant();
    for (const host of ["127.0.0.2", "2130706434", "::ffff:127.0.0.2"]) {
      const res = await callAs(other.subdomain, other.users.admin, "/api/admin/settings/smtp", {
        method: "PUT",
        json: smtpBody(host, 2525),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json.host).toBe(host);
    }
  });
});

describe("the test e-mail", () => {
  it("POST /api/admin/settings/smtp/test through a stored forbidden host → 400, the same message, no connection made", async () => {
    // A listener where the forbidden spellings of 127.0.0.1 lead: it must never see a connection.
    const tripwire = await startTcpServer("127.0.0.1", (socket) => socket.end("220 tripwire\r\n"));
    const organization = await createTenant();
    try {
      for (const host of [
        "127.0.0.1",
        "2130706433",
        "0x7f000001",
        "0177.0.0.1",
        "127.1",
        "localhost",
        "::ffff:127.0.0.1",
        "::ffff:7f00:1",
      ]) {
        await storeSmtp(organization.id, host, tripwire.port);
        const res = await callAs(organization.subdomain, organization.users.admin, "/api/admin/settings/smtp/test", {
          method: "POST",
        });
        expect(res.status, host).toBe(400);
        expect(res.json.error, host).toEqual({ code: "BAD_REQUEST", message: REFUSED });
        expect((await lastTestAudit(organization.id)).data, host).toEqual({
          to: organization.users.admin.email,
          host,
          port: tripwire.port,
          ok: false,
          outcome: "refused",
        });
      }
      expect(tripwire.connections()).toBe(0);
    } finally {
      await tripwire.close();
    }
  });

  it("through the allow-listed address it reaches the server, end to end, also spelled in decimal", async () => {
    const smtp = await startSmtpServer();
    const organization = await createTenant();
    try {
      for (const host of [TEST_SMTP_HOST, "2130706434"]) {
        const saved = await callAs(organization.subdomain, organization.users.admin, "/api/admin/settings/smtp", {
          method: "PUT",
          json: smtpBody(host, smtp.port),
        });
        expect(saved.status, saved.text).toBe(200);
        const sent = await callAs(organization.subdomain, organization.users.admin, "/api/admin/settings/smtp/test", {
          method: "POST",
        });
        expect(sent.status, sent.text).toBe(200);
        expect((await lastTestAudit(organization.id)).data).toEqual({
          to: organization.users.admin.email,
          host,
          port: smtp.port,
          ok: true,
          outcome: "sent",
        });
      }
      expect(smtp.received.map((mail) => mail.to)).toEqual([
        [`<${organization.users.admin.email}>`],
        [`<${organization.users.admin.email}>`],
      ]);
    } finally {
      await smtp.close();
    }
  });

  it("a server's own reply (NUL bytes included) is neither shown nor stored: one sentence whatever it said", async () => {
    const secret = "internal-banner-7f3a";
    const servers = await Promise.all([
      startSmtpServer({ greeting: `554 ${secret} \u0000 go away` }), // refuses in its greeting
      startTcpServer(TEST_SMTP_HOST, (socket) =>
        socket.end(Buffer.from(`\u0000\u0001${secret}\u0000\r\n\u00ff\u00fe`, "latin1")),
      ), // speaks no SMTP
      startTcpServer(TEST_SMTP_HOST, (socket) => socket.destroy()), // hangs up at once
      startTcpServer(TEST_SMTP_HOST), // never greets: the wait ends at the greeting timeout (10 s)
    ]);
    const closed = await startTcpServer(TEST_SMTP_HOST);
    await closed.close();
    try {
      for (const port of [...servers.map((server) => server.port), closed.port]) {
        expect((await saveSmtp(smtpBody(TEST_SMTP_HOST, port))).status).toBe(200);
        const res = await sendTest();
        expect(res.status, `port ${port}: ${res.text}`).toBe(400);
        expect(res.json.error).toEqual({ code: "BAD_REQUEST", message: FAILED });
        const audit = await lastTestAudit(tenant.id);
        expect(audit.data).toEqual({
          to: tenant.users.admin.email,
          host: TEST_SMTP_HOST,
          port,
          ok: false,
          outcome: "failed",
        });
      }
      const stored = await testDb().auditLog.findMany({ where: { organizationId: tenant.id }, select: { data: true } });
      expect(JSON.stringify(stored)).not.toContain(secret);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await testDb().setting.deleteMany({ where: { organizationId: tenant.id, key: "smtp" } });
    }
  }, 60_000);
});

describe("fuzzing the mail server's host and port", () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
  const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

  // Every generated host leads nowhere outside this machine: forbidden places in many spellings, the
  // allow-listed 127.0.0.2, names that can never resolve (.invalid) and text that is no host at all.
  // (A public address would make the test wait on the network; the unit tests cover those.)
  const octet = fc.integer({ min: 0, max: 255 });
  const forbiddenIpv4 = fc.oneof(
    fc.tuple(octet, octet, octet).map(([a, b, c]) => [127, a, b, c]),
    fc.tuple(octet, octet, octet).map(([a, b, c]) => [10, a, b, c]),
    fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([a, b, c]) => [172, a, b, c]),
    fc.tuple(octet, octet).map(([a, b]) => [192, 168, a, b]),
    fc.tuple(octet, octet).map(([a, b]) => [169, 254, a, b]),
    fc.constant([127, 0, 0, 2]),
  );
  const spelled = fc
    .tuple(forbiddenIpv4, fc.constantFrom("dotted", "decimal", "hex", "octal", "short", "mapped"))
    .map(([[a, b, c, d], how]) => {
      const n = ((a! << 24) >>> 0) + (b! << 16) + (c! << 8) + d!;
      if (how === "decimal") return String(n);
      if (how === "hex") return `0x${n.toString(16)}`;
      if (how === "octal") return [a, b, c, d].map((x) => `0${x!.toString(8)}`).join(".");
      if (how === "short") return `${a}.${(n & 0xffffff) >>> 0}`;
      if (how === "mapped") return `::ffff:${a}.${b}.${c}.${d}`;
      return `${a}.${b}.${c}.${d}`;
    });
  const hexGroup = fc.integer({ min: 0, max: 0xffff }).map((x) => x.toString(16));
  const forbiddenIpv6 = fc
    .tuple(
      fc.constantFrom("fc00", "fd12", "fe80", "febf", "ff02", "64:ff9b:1"),
      fc.array(hexGroup, { minLength: 1, maxLength: 4 }),
    )
    .map(([head, rest]) => `${head}::${rest.join(":")}`);
  const host = fc.oneof(
    { arbitrary: fc.constantFrom(...FORBIDDEN_HOSTS, TEST_SMTP_HOST, "2130706434", "[::ffff:127.0.0.2]"), weight: 3 },
    { arbitrary: spelled, weight: 3 },
    { arbitrary: forbiddenIpv6, weight: 2 },
    { arbitrary: fc.domain().map((name) => `${name}.invalid`), weight: 1 },
    {
      arbitrary: fc.string({ unit: "binary", maxLength: 40 }).filter((text) => !/^[a-z0-9.-]*$/i.test(text.trim())),
      weight: 1,
    },
  );

  const allowListed = fc.constantFrom(
    TEST_SMTP_HOST,
    "2130706434",
    "0x7f000002",
    "127.2",
    "::ffff:127.0.0.2",
    "[::ffff:7f00:2]",
  );

  it("no combination answers 5xx; a refusal and a failure each answer their one sentence", async () => {
    const smtp = await startSmtpServer();
    const closed = await startTcpServer(TEST_SMTP_HOST);
    await closed.close();
    const port = fc.oneof(
      {
        arbitrary: fc.constantFrom(
          smtp.port,
          closed.port,
          1,
          25,
          465,
          587,
          3306,
          5432,
          6379,
          54329,
          0,
          65535,
          65536,
          -1,
        ),
        weight: 3,
      },
      { arbitrary: fc.integer({ min: 1, max: 65535 }), weight: 2 },
      { arbitrary: fc.oneof(fc.double(), fc.string({ maxLength: 6 }), fc.constant(null)), weight: 1 },
    );
    const statuses: number[] = [];
    const answers = new Map<string, number>();
    const count = (route: string, res: { status: number; json: { error?: { message?: string } } }) => {
      statuses.push(res.status);
      const what = `${route} ${res.status}${res.json.error?.message === REFUSED ? " refused" : res.json.error?.message === FAILED ? " failed" : ""}`;
      answers.set(what, (answers.get(what) ?? 0) + 1);
    };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { arbitrary: fc.tuple(host, port), weight: 6 },
            { arbitrary: fc.tuple(allowListed, fc.constant(smtp.port)), weight: 1 },
          ),
          async ([h, p]) => {
            const saved = await saveSmtp({ ...smtpBody(h, 0), port: p });
            count("save", saved);
            expect(saved.status, saved.text).toBeLessThan(500);
            if (saved.status !== 200) expect(saved.status, saved.text).toBe(400);
            if (saved.json.error?.code === "BAD_REQUEST") expect(saved.json.error.message).toBe(REFUSED);
            // The test route meets whatever is stored, also what the save route now refuses (saved before
            // the guard, or a name that resolved elsewhere then): stored as is (PostgreSQL's jsonb holds no NUL).
            if (JSON.stringify({ h, p }).includes("\\u0000")) return;
            const value = JSON.parse(JSON.stringify({ ...smtpBody(h, 0), port: p })) as object; // NaN and Infinity become null, as in any JSON

            await testDb().setting.upsert({
              where: { organizationId_key: { organizationId: tenant.id, key: "smtp" } },
              create: { organizationId: tenant.id, key: "smtp", value },
              update: { value },
            });
            const sent = await sendTest();
            count("test", sent);
            expect(sent.status, sent.text).toBeLessThan(500);
            if (sent.status === 400) expect([REFUSED, FAILED]).toContain(sent.json.error.message);
            else expect([200, 409], sent.text).toContain(sent.status); // 409: what is stored is no usable mail server
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      await smtp.close();
      await testDb().setting.deleteMany({ where: { organizationId: tenant.id, key: "smtp" } });
    }
    console.info(
      `egress fuzz (seed ${SEED}, ${RUNS} runs): ${[...answers]
        .sort()
        .map(([what, n]) => `${what}: ${n}`)
        .join(", ")}`,
    );
    expect(statuses.some((status) => status === 200)).toBe(true);
  }, 180_000);
});
