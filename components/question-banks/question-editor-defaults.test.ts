import { describe, expect, it } from "vitest";
import { defaultGap, valuesFor } from "@/components/question-banks/question-editor-defaults";
import { QUESTION_TYPES, questionContentSchema } from "@/lib/schemas/questions";

/** What a person fills in: every blank text written, numbers left as the editor starts them. */
function filled(value: unknown): unknown {
  if (value === "") return "text";
  if (Array.isArray(value)) return value.map(filled);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v)]));
  return value;
}

describe("the editor's starting values", () => {
  it.each(QUESTION_TYPES.map((t) => [t]))("%s: once its blanks are written, the API's schema accepts it", (type) => {
    const values = filled(valuesFor(type)) as Record<string, unknown>;
    // The places a person must choose themselves: a number's value, where the gap goes, distinct answers.
    if (type === "numeric") (values.answers as { value?: number }[])[0]!.value = 42;
    if (type === "fill_in_blanks") values.stem = "<p>Write [[gap1]]</p>";
    if (type === "matching")
      values.pairs = [
        { prompt: "A", answer: "1" },
        { prompt: "B", answer: "2" },
      ];
    const parsed = questionContentSchema.safeParse(values);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it.each([["short_answer"], ["numeric"], ["choice"]] as const)("a %s gap starts as the schema's gap", (kind) => {
    const gap = filled(defaultGap(kind, "g")) as Record<string, unknown>;
    if (kind === "numeric") (gap.answers as { value?: number }[])[0]!.value = 1;
    const parsed = questionContentSchema.safeParse({ type: "fill_in_blanks", name: "n", stem: "[[g]]", gaps: [gap] });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
