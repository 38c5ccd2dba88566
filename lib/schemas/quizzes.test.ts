import { describe, expect, it } from "vitest";
import { quizSettingsSchema } from "@/lib/schemas/quizzes";

const id = "0190f5a4-0000-7000-8000-000000000001";

describe("quizSettingsSchema", () => {
  it("fills the defaults: no limits, highest, shuffled, one page, review after submission", () => {
    expect(quizSettingsSchema.parse({ slots: [{ kind: "fixed", question_id: id }] })).toEqual({
      grading_method: "highest",
      shuffle_answers: true,
      questions_per_page: 0,
      review: { marks: "after_submission", correct_answers: "after_submission", feedback: "after_submission" },
      slots: [{ kind: "fixed", question_id: id, mark: 1 }],
    });
  });

  it("refuses a question placed twice, a closing before the opening, and a draw of nothing", () => {
    const accepts = (input: object) => quizSettingsSchema.safeParse(input).success;
    expect(
      accepts({
        slots: [
          { kind: "fixed", question_id: id },
          { kind: "fixed", question_id: id },
        ],
      }),
    ).toBe(false);
    expect(accepts({ slots: [], opens_at: "2026-12-10T10:00:00Z", closes_at: "2026-12-10T09:00:00Z" })).toBe(false);
    expect(accepts({ slots: [{ kind: "random", bank_id: id, count: 0 }] })).toBe(false);
  });
});
