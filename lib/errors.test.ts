import { createServer } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { toAppError } from "@/lib/errors";

// A database that cannot be reached (down, restarting) is a 503 the client may retry, not a 500; a
// statement that fails on a reachable database stays a 500.

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("toAppError and the database's availability", () => {
  it("a refused connection (the server is down) is a 503 saying so, with Retry-After", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await closedPort(), user: "x", database: "x" });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    const answer = toAppError(error, "Failed to list courses");
    expect([answer.status, answer.code, answer.message]).toEqual([
      503,
      "SERVICE_UNAVAILABLE",
      "The database is unavailable. Try again in a moment.",
    ]);
    expect(answer.headers).toEqual({ "Retry-After": "5" });
  });

  it("the same failure wrapped (as a driver adapter or the pool hands it on) is found in the causes", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await closedPort(), user: "x", database: "x" });
    const cause = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(toAppError(new Error("query failed", { cause }), "x").status).toBe(503);
  });

  it("PostgreSQL shutting down or starting up (SQLSTATE 57P01, 57P03) is a 503; a failing statement is a 500", () => {
    const shutdown = new pg.DatabaseError("terminating connection due to administrator command", 0, "error");
    shutdown.code = "57P01";
    const starting = new pg.DatabaseError("the database system is starting up", 0, "error");
    starting.code = "57P03";
    const syntax = new pg.DatabaseError('syntax error at or near "SELEC"', 0, "error");
    syntax.code = "42601";
    expect([shutdown, starting, syntax].map((e) => toAppError(e, "Failed").status)).toEqual([503, 503, 500]);
  });
});
