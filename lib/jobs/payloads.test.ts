import { describe, expect, it } from "vitest";
import { InvalidJobPayload, parseJobPayload } from "./payloads";

const id = "0190f5a4-0000-7000-8000-000000000001";

describe("parseJobPayload", () => {
  it("reads a job's data with its queue's schema", () => {
    expect(
      parseJobPayload("imports.process", { importId: id, phase: "run", origin: "http://acme.localhost:3000" }),
    ).toEqual({ importId: id, phase: "run", origin: "http://acme.localhost:3000" });
    expect(parseJobPayload("maintenance.cleanup", {})).toEqual({});
  });

  it("refuses data that does not fit, saying which fields and why", () => {
    expect(() => parseJobPayload("imports.process", { importId: "7", phase: "judge" })).toThrow(InvalidJobPayload);
    expect(() => parseJobPayload("imports.process", { importId: "7", phase: "judge" })).toThrow(
      /^Invalid imports\.process job: importId: .+; phase: .+$/,
    );
    expect(() => parseJobPayload("messages.unread-email", null)).toThrow(
      /^Invalid messages\.unread-email job: \(the data\): /,
    );
  });
});
