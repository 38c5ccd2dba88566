import { describe, expect, it } from "vitest";
import { idSchema } from "@/lib/schemas/id";
import { uuidV7, uuidV7Time } from "./uuid-v7";

describe("uuidV7", () => {
  it("is a valid version-7 UUID carrying its timestamp", () => {
    const ms = Date.UTC(2025, 4, 17, 12, 30, 1, 234);
    const id = uuidV7(ms);
    expect(idSchema.safeParse(id).success).toBe(true);
    expect(id[14]).toBe("7");
    expect("89ab").toContain(id[19]);
    expect(uuidV7Time(id)).toBe(ms);
  });

  it("sorts by time as text, and never repeats", () => {
    const ids = Array.from({ length: 5000 }, (_, i) => uuidV7(1_700_000_000_000 + i * 1000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
