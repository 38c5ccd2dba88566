import { describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { toAppError } from "@/lib/errors";

// A transaction past its limit is rolled back whole: the request may be tried again, so it is a 503 with
// Retry-After, not a 500.

describe("a transaction past its limit", () => {
  it("is rolled back and answered 503, the server busy, with Retry-After", async () => {
    const error = await db()
      .$transaction(
        async (tx) => {
          await queryRows(Prisma.sql`SELECT 1 AS one FROM pg_sleep(0.3)`, tx);
        },
        { timeout: 50 },
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((error as { code?: string }).code).toBe("P2028");
    const answer = toAppError(error, "Failed to submit the quiz attempt");
    expect([answer.status, answer.code, answer.message]).toEqual([
      503,
      "SERVICE_UNAVAILABLE",
      "The server is busy. Try again in a moment.",
    ]);
    expect(answer.headers).toEqual({ "Retry-After": "5" });
  });

  it("comes later than Prisma's own 5 s: a transaction of 5.5 s commits", async () => {
    const slept = await db().$transaction(async (tx) => {
      await queryRows(Prisma.sql`SELECT 1 AS one FROM pg_sleep(5.5)`, tx);
      return "committed";
    });
    expect(slept).toBe("committed");
  }, 20_000);
});
