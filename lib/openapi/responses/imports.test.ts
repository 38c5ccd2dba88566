import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { UserImport } from "@/lib/generated/prisma/client";
import {
  importDetailSchema,
  importPageSchema,
  importRowPageSchema,
  importSchema,
} from "@/lib/openapi/responses/imports";
import type { Page } from "@/lib/schemas/pagination";
import type { ImportDetailJson, ImportRowJson } from "@/lib/server/imports/queries";
import { importJson, type ImportJson } from "@/lib/server/imports/serialize";

describe("the import's response schemas", () => {
  it("match the services' types", () => {
    expectTypeOf<z.output<typeof importSchema>>().toEqualTypeOf<ImportJson>();
    expectTypeOf<z.output<typeof importDetailSchema>>().toEqualTypeOf<ImportDetailJson>();
    expectTypeOf<z.output<typeof importPageSchema>>().toEqualTypeOf<Page<ImportJson>>();
    expectTypeOf<z.output<typeof importRowPageSchema>>().toEqualTypeOf<Page<ImportRowJson>>();
  });

  it("read what the serializer writes, and the progress of a run half done", () => {
    const started = new Date("2026-11-25T10:00:00.000Z");
    const row: UserImport = {
      id: "0195f0a0-0000-7000-8000-000000000001",
      organizationId: "0195f0a0-0000-7000-8000-000000000002",
      createdById: "0195f0a0-0000-7000-8000-000000000003",
      createdByRole: "admin",
      fileName: "people.csv",
      fileSize: 1200,
      encoding: "utf-8",
      delimiter: ",",
      headers: ["email", "first_name", "last_name"],
      mapping: { email: 0, first_name: 1, last_name: 2 },
      status: "running",
      totalRows: 1000,
      checkedAt: started,
      checkCreate: 990,
      checkUpdate: 0,
      checkUnchanged: 0,
      checkReject: 10,
      processedRows: 400,
      phaseStartedAt: started,
      createdCount: 396,
      updatedCount: 0,
      unchangedCount: 0,
      rejectedCount: 4,
      failedCount: 0,
      jobId: null,
      startedAt: started,
      finishedAt: null,
      cancelRequested: false,
      error: null,
      createdAt: started,
      updatedAt: started,
    };
    const json = importJson(row, new Date("2026-11-25T10:00:04.000Z"));
    expect(importSchema.parse(json)).toEqual(json);
    expect(json.progress).toEqual({ phase: "run", done: 400, total: 1000, rate: 100, seconds_left: 6 });
    expect(json.run?.not_applied).toBe(600);
    expect(json.summary).toBe(
      "Importing: 400 of 1,000 rows done (396 created, 0 updated, 0 unchanged, 4 rejected, 0 failed)",
    );
  });
});
