import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createFreshDatabase } from "../../../server/database/postgres";
import { pgConfigFromUrl } from "../../../server/database/pg-url";
import { dropForLoad, restoreAfterLoad } from "./bulk-load";

// The bulk loader drops a table's indexes and keys and puts them back exactly, with names that need
// quoting (mixed case, a space, a double quote) taken from the catalog, never spliced in by hand.

const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error("TEST_DATABASE_SERVER_URL (or DATABASE_URL) must name a PostgreSQL server: run through `npm test`.");

const SCHEMA = `
  CREATE TABLE "Parent" ("id" int NOT NULL, CONSTRAINT "Parent_pkey" PRIMARY KEY ("id"));
  CREATE TABLE "Odd ""Child""" ("id" int NOT NULL, "parentId" int NOT NULL,
    CONSTRAINT "Odd ""Child""_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Odd ""Child""_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Parent" ("id"));
  CREATE INDEX "Odd ""Child""_parentId idx" ON "Odd ""Child""" ("parentId");`;

/** Every constraint and index of the public schema, as the catalog prints it. */
const DEFINITIONS = `
  SELECT conname || ': ' || pg_get_constraintdef(oid) AS "definition" FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`;

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let client: pg.Client;
beforeAll(async () => {
  database = await createFreshDatabase(serverUrl, "lms_bulk_load");
  client = new pg.Client(pgConfigFromUrl(database.url));
  await client.connect();
  await client.query(SCHEMA);
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

const definitions = async () => (await client.query<{ definition: string }>(DEFINITIONS)).rows.map((r) => r.definition);

describe("dropForLoad and restoreAfterLoad", () => {
  it("take the indexes and keys away for the load and put the same ones back", async () => {
    const before = await definitions();
    expect(before).toEqual([
      'CREATE INDEX "Odd ""Child""_parentId idx" ON public."Odd ""Child""" USING btree ("parentId")',
      'CREATE UNIQUE INDEX "Odd ""Child""_pkey" ON public."Odd ""Child""" USING btree (id)',
      'CREATE UNIQUE INDEX "Parent_pkey" ON public."Parent" USING btree (id)',
      'Odd "Child"_parentId_fkey: FOREIGN KEY ("parentId") REFERENCES "Parent"(id)',
      'Odd "Child"_pkey: PRIMARY KEY (id)',
      "Parent_pkey: PRIMARY KEY (id)",
    ]);

    const deferred = await dropForLoad(client, ["Parent", 'Odd "Child"']);
    expect(await definitions()).toEqual([]);
    await client.query(`INSERT INTO "Parent" VALUES (1); INSERT INTO "Odd ""Child""" VALUES (1, 1)`);

    await restoreAfterLoad([client], deferred, new Map([['Odd "Child"', 1]]));
    expect(await definitions()).toEqual(before);
  });
});
