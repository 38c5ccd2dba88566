import { beforeAll, describe, expect, it } from "vitest";

// The content token: what it grants, for how long, and that nothing else passes for one.

type TokenModule = typeof import("@/lib/server/scorm/content-token");
let tokens: TokenModule;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "a-test-secret-of-at-least-thirty-two-characters";
  tokens = await import("@/lib/server/scorm/content-token");
});

const grant = {
  organizationId: "0190a1b2-0000-7000-8000-000000000001",
  packageId: "0190a1b2-0000-7000-8000-000000000002",
  userId: "0190a1b2-0000-7000-8000-000000000003",
  attemptId: "0190a1b2-0000-7000-8000-000000000004",
};
const HOUR = 60 * 60 * 1000;
const NOON = Date.UTC(2026, 10, 26, 12, 0, 0);

describe("content tokens", () => {
  it("carry the grant they were minted with, as a URL-safe path segment", () => {
    const token = tokens.mintContentToken(grant, NOON);
    expect(token).toMatch(/^[A-Za-z0-9_-]{100,130}$/);
    expect(tokens.readContentToken(token, NOON)).toEqual({
      ...grant,
      expiresAt: Date.UTC(2026, 10, 26, 20, 0, 0) / 1000,
    });
  });

  it("grant no attempt for a preview", () => {
    const token = tokens.mintContentToken({ ...grant, attemptId: null }, NOON);
    expect(tokens.readContentToken(token, NOON)?.attemptId).toBeNull();
  });

  it("are the same within a four-hour window, so the browser's cache keeps the package's files", () => {
    expect(tokens.mintContentToken(grant, NOON + HOUR)).toBe(tokens.mintContentToken(grant, NOON + 3 * HOUR));
    expect(tokens.mintContentToken(grant, NOON + 3 * HOUR)).not.toBe(tokens.mintContentToken(grant, NOON + 5 * HOUR));
  });

  it("are good for four to eight hours, then never again", () => {
    const token = tokens.mintContentToken(grant, NOON + HOUR);
    expect(tokens.readContentToken(token, NOON + 7 * HOUR)).not.toBeNull();
    expect(tokens.readContentToken(token, NOON + 8 * HOUR)).toBeNull();
    expect(tokens.readContentToken(token, NOON + 30 * 24 * HOUR)).toBeNull();
  });

  it("refuse a changed byte, a cut or lengthened token, and anything that is not one", () => {
    const token = tokens.mintContentToken(grant, NOON);
    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const bad of [
      flipped,
      token.slice(0, -1),
      `${token}A`,
      "",
      "..",
      "not a token",
      token.replace(/[A-Za-z]/, "/"),
    ]) {
      expect(tokens.readContentToken(bad, NOON), bad).toBeNull();
    }
  });

  it("refuse a grant moved to another package, user or attempt (the MAC covers every id)", () => {
    const token = Buffer.from(tokens.mintContentToken(grant, NOON), "base64url");
    for (const offset of [5, 21, 37, 53]) {
      const moved = Buffer.from(token);
      moved[offset + 15] = moved[offset + 15]! ^ 1;
      expect(tokens.readContentToken(moved.toString("base64url"), NOON)).toBeNull();
    }
  });
});
