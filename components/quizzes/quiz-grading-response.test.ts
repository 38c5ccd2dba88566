import { describe, expect, it } from "vitest";
import { responseText } from "@/components/quizzes/quiz-grading-response";

describe("responseText", () => {
  const choices = [
    { id: "a", text: "<p>Paris</p>" },
    { id: "b", text: "Lyon" },
    { id: "c", text: "Nice" },
  ];

  it("names the choices picked by their words, not their ids", () => {
    expect(responseText({ type: "single_choice", stem: "", choices }, { choice_id: "a" })).toBe("Paris");
    expect(responseText({ type: "multiple_response", stem: "", choices }, { choice_ids: ["c", "b"] })).toBe(
      "Lyon; Nice",
    );
  });

  it("says when nothing was answered", () => {
    expect(responseText({ type: "essay", stem: "", min_words: null, max_words: null }, null)).toBe("Not answered");
    expect(responseText({ type: "single_choice", stem: "", choices }, { choice_id: "zz" })).toBe("Not answered");
    expect(responseText({ type: "true_false", stem: "" }, {})).toBe("Not answered");
  });

  it("gives typed answers as typed, true/false and orders in words", () => {
    expect(
      responseText({ type: "essay", stem: "", min_words: null, max_words: null }, { text: "Line 1\nLine 2" }),
    ).toBe("Line 1\nLine 2");
    expect(responseText({ type: "true_false", stem: "" }, { value: false })).toBe("False");
    expect(
      responseText(
        {
          type: "ordering",
          stem: "",
          items: [
            { id: "x", text: "Small" },
            { id: "y", text: "Big" },
          ],
        },
        { order: ["y", "x"] },
      ),
    ).toBe("Big → Small");
    expect(
      responseText(
        { type: "matching", stem: "", prompts: [{ id: "fr", prompt: "France" }], answers: ["Paris"] },
        { matches: { fr: "Paris" } },
      ),
    ).toBe("France → Paris");
  });
});
