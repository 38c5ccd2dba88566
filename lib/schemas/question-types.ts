import { z } from "zod";

// The data of each question type (docs/assessments.md): what a version stores in its `body`, besides
// the fields every question has. Rich text is HTML, cleaned by the server's sanitizer before it is
// stored; plain text (short answers, matching answers, gap choices) is compared as typed.

/** Fractions of the mark: 1 fully right, 0 nothing, negative takes marks away (multiple response). */
export const fractionSchema = z
  .number({ error: "fraction must be a number" })
  .min(-1, "fraction must be at least -1")
  .max(1, "fraction must be at most 1");

/** Sums of fractions are compared with this slack: imports carry fractions like 0.33333 three times. */
export const FRACTION_TOLERANCE = 0.0001;

/** A choice's, pair's, item's or gap's id: stable across versions, so responses can name it. */
export const localIdSchema = z
  .string({ error: "id must be text" })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "id must be 1–40 letters, digits, '-' or '_'");

export const richTextSchema = (label: string, max = 20_000) =>
  z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);
const requiredRichText = (label: string, max = 20_000) =>
  richTextSchema(label, max).trim().min(1, `${label} is required`);
const feedbackSchema = richTextSchema("feedback", 5_000).default("");
const plainText = (label: string, max = 500) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Eight random letters and digits: an id that says nothing about the part's place. */
function randomIdPart(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (b) => alphabet[b % alphabet.length]).join(
    "",
  );
}

/**
 * Items without an id get one from their place ("c1", "c2"…), or, when their place is the answer (an
 * ordering question's items, which the learner receives with their ids), a random one; ids must then be
 * unique.
 */
function withIds<S extends z.ZodRawShape>(
  shape: S,
  prefix: string,
  label: string,
  min: number,
  max: number,
  ids: "by_place" | "random" = "by_place",
) {
  type Item = Omit<z.output<z.ZodObject<S>>, "id"> & { id: string };
  const idAt = (i: number) => (ids === "random" ? `${prefix}${randomIdPart()}` : `${prefix}${i + 1}`);
  return z
    .array(z.object({ ...shape, id: localIdSchema.optional() }), { error: `${label} must be a list` })
    .min(min, `Give at least ${min} ${label}`)
    .max(max, `Give at most ${max} ${label}`)
    .transform((items): Item[] =>
      items.map((entry, i) => ({ ...(entry as object), id: (entry as { id?: string }).id ?? idAt(i) }) as Item),
    )
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((entry, i) => {
        if (seen.has(entry.id))
          ctx.addIssue({ code: "custom", path: [i, "id"], message: `${label}: the id '${entry.id}' is used twice` });
        seen.add(entry.id);
      });
    });
}

/** Reports a problem at a path of the question (a zod refinement's addIssue, with a prefix). */
export type Report = (path: PropertyKey[], message: string) => void;
export const reporter =
  (ctx: z.RefinementCtx, prefix: PropertyKey[] = []): Report =>
  (path, message) =>
    ctx.addIssue({ code: "custom", path: [...prefix, ...path], message });

function requireFullyRight(entries: { fraction: number }[], report: Report, path: PropertyKey[], what: string): void {
  if (!entries.some((e) => Math.abs(e.fraction - 1) <= FRACTION_TOLERANCE))
    report(path, `${what} must be fully right (fraction 1)`);
}

const choiceShape = {
  text: requiredRichText("A choice's text", 5_000),
  fraction: fractionSchema,
  feedback: feedbackSchema,
};

export const singleChoiceFields = {
  choices: withIds(choiceShape, "c", "choices", 2, 50),
  shuffle: z.boolean().default(true),
};
export function checkSingleChoice(body: { choices: { fraction: number }[] }, report: Report): void {
  requireFullyRight(body.choices, report, ["choices"], "One choice");
}

export const multipleResponseFields = singleChoiceFields;
export function checkMultipleResponse(body: { choices: { fraction: number }[] }, report: Report): void {
  const positive = body.choices.filter((c) => c.fraction > 0).reduce((sum, c) => sum + c.fraction, 0);
  if (Math.abs(positive - 1) > FRACTION_TOLERANCE)
    report(
      ["choices"],
      `The positive fractions of the choices must add up to 1 (they add up to ${Number(positive.toFixed(6))})`,
    );
}

export const trueFalseFields = {
  correct: z.boolean({ error: "correct must be true or false" }),
  feedback_true: feedbackSchema,
  feedback_false: feedbackSchema,
};

const answerFraction = fractionSchema.min(0, "An answer's fraction must be between 0 and 1");
const shortAnswerSchema = z.object({
  text: plainText("An answer", 500),
  fraction: answerFraction,
  feedback: feedbackSchema,
});
export const shortAnswerFields = {
  /** Patterns: `*` matches any text, `\*` a star; compared after trimming and collapsing spaces. */
  answers: z.array(shortAnswerSchema, { error: "answers must be a list" }).min(1, "Give at least 1 answer").max(50),
  case_sensitive: z.boolean().default(false),
};
export function checkShortAnswer(body: { answers: { fraction: number }[] }, report: Report): void {
  requireFullyRight(body.answers, report, ["answers"], "One answer");
}

const finite = (label: string) => z.number({ error: `${label} must be a number` }).finite();
const numericAnswerSchema = z
  .object({
    value: finite("value").optional(),
    tolerance: finite("tolerance").min(0, "tolerance must not be negative").optional(),
    min: finite("min").optional(),
    max: finite("max").optional(),
    fraction: answerFraction,
    feedback: feedbackSchema,
  })
  .superRefine((a, ctx) => {
    const report = reporter(ctx);
    const byValue = a.value !== undefined;
    const byRange = a.min !== undefined || a.max !== undefined;
    if (byValue === byRange) report([], "An answer is either a value (with a tolerance) or a range (min and max)");
    else if (byRange && (a.min === undefined || a.max === undefined)) report([], "A range needs both min and max");
    else if (byRange && a.min! > a.max!) report(["min"], "min must not exceed max");
    else if (byRange && a.tolerance !== undefined) report(["tolerance"], "A range has no tolerance");
  });
const unitSchema = z.object({
  unit: plainText("A unit", 30),
  multiplier: z.number({ error: "multiplier must be a number" }).positive("multiplier must be positive").finite(),
});
export const numericFields = {
  answers: z.array(numericAnswerSchema, { error: "answers must be a list" }).min(1, "Give at least 1 answer").max(50),
  /** The answers are in the unit of multiplier 1; a response in another unit is divided by its multiplier. */
  units: z.array(unitSchema).max(20).default([]),
  unit_required: z.boolean().default(false),
};
export function checkNumeric(
  body: { answers: { fraction: number }[]; units: { unit: string; multiplier: number }[]; unit_required: boolean },
  report: Report,
): void {
  requireFullyRight(body.answers, report, ["answers"], "One answer");
  if (body.units.length && !body.units.some((u) => u.multiplier === 1))
    report(["units"], "One unit must have multiplier 1: the unit the answers are in");
  if (new Set(body.units.map((u) => u.unit)).size !== body.units.length)
    report(["units"], "Each unit may be listed once");
  if (body.unit_required && !body.units.length)
    report(["unit_required"], "A unit can only be required when units are listed");
}

export const matchingFields = {
  pairs: withIds(
    { prompt: requiredRichText("A pair's prompt", 5_000), answer: plainText("A pair's answer", 500) },
    "p",
    "pairs",
    2,
    50,
  ),
  /** Wrong answers offered besides the pairs' own. */
  distractors: z.array(plainText("A distractor", 500)).max(50).default([]),
  shuffle: z.boolean().default(true),
};
export function checkMatching(body: { pairs: { answer: string }[]; distractors: string[] }, report: Report): void {
  const answers = new Set(body.pairs.map((p) => p.answer));
  body.distractors.forEach((d, i) => {
    if (answers.has(d)) report(["distractors", i], `'${d}' is a pair's answer, not a distractor`);
  });
}

export const ORDERING_GRADING = ["all_or_nothing", "absolute_position", "relative_next"] as const;
export const orderingFields = {
  /** In the right order. */
  items: withIds({ text: requiredRichText("An item's text", 5_000) }, "i", "items", 2, 50, "random"),
  grading: z
    .enum(ORDERING_GRADING, { error: `grading must be one of ${ORDERING_GRADING.join(", ")}` })
    .default("all_or_nothing"),
};

const gapWeight = z
  .number({ error: "weight must be a number" })
  .positive("weight must be positive")
  .max(100)
  .default(1);
const gapChoiceShape = { text: plainText("A choice", 500), fraction: fractionSchema, feedback: feedbackSchema };
export const gapSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ id: localIdSchema, type: z.literal("short_answer"), weight: gapWeight, ...shortAnswerFields }),
    z.object({ id: localIdSchema, type: z.literal("numeric"), weight: gapWeight, ...numericFields }),
    z.object({
      id: localIdSchema,
      type: z.literal("choice"),
      weight: gapWeight,
      choices: withIds(gapChoiceShape, "c", "choices", 2, 50),
      shuffle: z.boolean().default(true),
    }),
  ],
  { error: "A gap's type must be short_answer, numeric or choice" },
);
export type Gap = z.output<typeof gapSchema>;

/** Where each gap sits in the stem: `[[id]]`. */
export const GAP_MARKER = /\[\[([A-Za-z0-9_-]{1,40})\]\]/g;

export const fillInBlanksFields = {
  gaps: z.array(gapSchema, { error: "gaps must be a list" }).min(1, "Give at least 1 gap").max(50),
};
export function checkFillInBlanks(body: { stem: string; gaps: Gap[] }, report: Report): void {
  body.gaps.forEach((gap, i) => {
    const at = (path: PropertyKey[], message: string) => report(["gaps", i, ...path], message);
    if (gap.type === "numeric") checkNumeric(gap, at);
    else if (gap.type === "short_answer") checkShortAnswer(gap, at);
    else requireFullyRight(gap.choices, at, ["choices"], "One choice");
  });
  const ids = body.gaps.map((g) => g.id);
  if (new Set(ids).size !== ids.length) report(["gaps"], "Each gap's id must be unique");
  const markers = [...body.stem.matchAll(GAP_MARKER)].map((m) => m[1]!);
  for (const id of new Set(ids)) {
    const times = markers.filter((m) => m === id).length;
    if (times !== 1) report(["stem"], `The stem must hold the gap [[${id}]] exactly once (it holds it ${times} times)`);
  }
  for (const marker of new Set(markers))
    if (!ids.includes(marker)) report(["stem"], `The stem holds [[${marker}]], but no gap has that id`);
}

const rubricCriterionSchema = z.object({
  id: localIdSchema,
  description: plainText("A criterion's description", 1_000),
  levels: z
    .array(
      z.object({
        points: z.number({ error: "points must be a number" }).min(0, "points must not be negative").max(1000),
        description: plainText("A level's description", 1_000),
      }),
    )
    .min(2, "A criterion needs at least 2 levels")
    .max(10),
});
export const essayFields = {
  /** A person grades: with a comment only, or along a rubric's criteria. */
  grading: z
    .discriminatedUnion(
      "method",
      [
        z.object({ method: z.literal("comment") }),
        z.object({
          method: z.literal("rubric"),
          criteria: z.array(rubricCriterionSchema).min(1, "A rubric needs at least 1 criterion").max(20),
        }),
      ],
      { error: "grading.method must be comment or rubric" },
    )
    .default({ method: "comment" }),
  /** Guidance for the person grading. */
  grader_info: richTextSchema("grader_info", 10_000).default(""),
  min_words: z.number().int().min(1).max(100_000).optional(),
  max_words: z.number().int().min(1).max(100_000).optional(),
};
export function checkEssay(
  body: { min_words?: number; max_words?: number; grading: { method: string; criteria?: { id: string }[] } },
  report: Report,
): void {
  if (body.min_words !== undefined && body.max_words !== undefined && body.min_words > body.max_words)
    report(["min_words"], "min_words must not exceed max_words");
  const ids = (body.grading.criteria ?? []).map((c) => c.id);
  if (new Set(ids).size !== ids.length) report(["grading", "criteria"], "Each criterion's id must be unique");
}
