import { describe, expect, it } from "vitest";
import { checkPassword } from "./password-strength";

// zxcvbn-ts with its common dictionaries: "password123" is in the list of most used passwords (score 0),
// a random four-word phrase is not guessable (score 4).

describe("the password policy check", () => {
  const policy = { minLength: 8, minStrength: 2 };

  it("refuses a common password with a message naming the rule", () => {
    const verdict = checkPassword("password123", policy);
    expect(verdict.ok).toBe(false);
    expect(verdict.score).toBe(0);
    expect(verdict.message).toMatch(
      /^This password is too easy to guess \(Too guessable\); this organization needs at least "Somewhat guessable"\./,
    );
  });

  it("accepts a long unusual passphrase", () => {
    expect(checkPassword("violet-anchor-tundra-42", policy)).toMatchObject({ ok: true, score: 4, message: null });
  });

  it("checks the length first", () => {
    expect(checkPassword("violet-anchor", { minLength: 20, minStrength: 0 })).toMatchObject({
      ok: false,
      message: "Password must be at least 20 characters",
    });
    expect(checkPassword("x".repeat(20), { minLength: 20, minStrength: 0 }).ok).toBe(true);
  });

  it("scores words from the person's own details lower", () => {
    const alone = checkPassword("Quillfeather2026", { minLength: 8, minStrength: 0 }).score;
    const withName = checkPassword("Quillfeather2026", { minLength: 8, minStrength: 0 }, [
      "Ada Quillfeather",
      "ada@example.test",
    ]).score;
    expect(withName).toBeLessThan(alone);
  });
});
