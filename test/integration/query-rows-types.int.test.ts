import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createCourse } from "@/test/course-factories";
import { createTenant, testDb } from "@/test/factories";

// queryRows reads one statement's columns the same way on the pool and inside a transaction (through
// tx.$queryRaw, where Prisma would otherwise give bigint, Decimal and Date): the pool's way, pg's.

process.env.DATABASE_URL ??= process.env.TEST_DATABASE_URL;
const { closeDatabase, db, queryRows } = await import("@/lib/db");
afterAll(() => Promise.all([closeDatabase(), testDb().$disconnect()]));

const STATEMENT = Prisma.sql`SELECT
  ${"7"}::int8 AS "int8", 4::int4 AS "int4", 2::int2 AS "int2", count(*) AS "count",
  1.50::numeric(5, 2) AS "numeric", 0.0000001::numeric AS "smallNumeric", 1.5::float8 AS "float8",
  'text'::text AS "text", true AS "boolean", '{"a": 1}'::json AS "json", '{"b": [2]}'::jsonb AS "jsonb",
  '2026-03-05 10:20:30.456'::timestamp(3) AS "timestamp", '2026-03-05 10:20:30.456+00'::timestamptz AS "timestamptz",
  '2026-03-05'::date AS "date", '12:34:56'::time AS "time", '00000000-0000-0000-0000-000000000001'::uuid AS "uuid",
  ARRAY[1, 2]::int8[] AS "int8Array", ARRAY[1, 2]::int4[] AS "int4Array", ARRAY['x']::text[] AS "textArray",
  NULL::int8 AS "nullInt8"`;

const EXPECTED = {
  int8: "7",
  int4: 4,
  int2: 2,
  count: "1",
  numeric: "1.50",
  smallNumeric: "0.0000001",
  float8: 1.5,
  text: "text",
  boolean: true,
  json: { a: 1 },
  jsonb: { b: [2] },
  timestamp: new Date("2026-03-05T10:20:30.456Z"),
  timestamptz: new Date("2026-03-05T10:20:30.456Z"),
  date: new Date("2026-03-05T00:00:00.000Z"),
  time: "12:34:56",
  uuid: "00000000-0000-0000-0000-000000000001",
  int8Array: ["1", "2"],
  int4Array: [1, 2],
  textArray: ["x"],
  nullInt8: null,
};

describe("queryRows", () => {
  it("gives the same JavaScript values on the pool and inside a transaction", async () => {
    const onThePool = await queryRows<Record<string, unknown>>(STATEMENT);
    const inATransaction = await db().$transaction((tx) => queryRows<Record<string, unknown>>(STATEMENT, tx));
    expect(onThePool).toStrictEqual([EXPECTED]);
    expect(inATransaction).toStrictEqual([EXPECTED]);
  });

  it("leaves Prisma's model queries their own types: a BigInt field is a bigint, read in the same transaction", async () => {
    const tenant = await createTenant();
    const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "scorm" }] }] });
    const lesson = course.lessons[0]!;
    await testDb().scormPackage.create({
      data: {
        organizationId: tenant.id,
        lessonId: lesson.id,
        version: 1,
        scormVersion: "scorm12",
        title: "Sizes",
        storagePrefix: `scorm/${lesson.id}/1`,
        launchPath: "index.html",
        manifest: {},
        sizeBytes: 9_007_199_254_740_993n,
        fileCount: 1,
      },
    });
    const [model, raw] = await db().$transaction(async (tx) => [
      await tx.scormPackage.findFirstOrThrow({ where: { lessonId: lesson.id }, select: { sizeBytes: true } }),
      await queryRows<{ sizeBytes: unknown }>(
        Prisma.sql`SELECT "sizeBytes" FROM "ScormPackage" WHERE "lessonId" = ${lesson.id}::uuid`,
        tx,
      ),
    ]);
    expect(model.sizeBytes).toBe(9_007_199_254_740_993n);
    expect(raw).toStrictEqual([{ sizeBytes: "9007199254740993" }]);
  });
});
