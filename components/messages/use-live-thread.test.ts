import { describe, expect, it } from "vitest";
import { mergeMessages } from "./use-live-thread";
import type { MessageJson } from "./types";

const message = (id: string, at: string): MessageJson => ({
  id,
  thread_id: "t",
  body: id,
  created_at: at,
  sender: null,
});

describe("mergeMessages", () => {
  it("adds new messages in time order and keeps each once (a poll may send the cursor's millisecond again)", () => {
    const a = message("a", "2026-01-01T10:00:00.000Z");
    const b = message("b", "2026-01-01T10:00:01.000Z");
    const c = message("c", "2026-01-01T10:00:01.000Z");
    const d = message("d", "2026-01-01T10:00:02.000Z");
    expect(mergeMessages([a, b], [c, b, d]).map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("puts earlier messages before", () => {
    const early = message("z", "2025-12-31T09:00:00.000Z");
    expect(mergeMessages([message("a", "2026-01-01T10:00:00.000Z")], [early]).map((m) => m.id)).toEqual(["z", "a"]);
  });
});
