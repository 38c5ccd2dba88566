import { parseNumericResponse } from "@/lib/assessments/grading";
import { GAP_MARKER } from "@/lib/schemas/question-types";
import { questionResponseSchemas, type QuestionContent } from "@/lib/schemas/questions";
import { TRACKING_ACTIVITY_TYPES } from "@/lib/xapi/tracking-statements";

// A quiz question as an xAPI interaction activity (cmi.interaction) and a learner's response in xAPI's
// response pattern (the xAPI specification's "Interaction Activities"). The definition holds what the
// learner is shown of the question (its text, the choices, prompts, answers offered and items) and nothing
// the learner view keeps back: never the question's name (an author's label that may give the answer
// away), a fraction, a feedback, or the right answer. No correctResponsesPattern either: an activity's
// definition is served to every client of the LRS (GET /xapi/activities), course content with its
// embedded credentials among them, and bank questions come back in later attempts.

type Obj = Record<string, unknown>;

/** xAPI's delimiters in a response: between the parts of a list, and between a matching pair's ends. */
const LIST = "[,]";
const PAIR = "[.]";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Tags that part words (a paragraph, a line break, a cell); inline ones (bold, a link) do not. */
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|table|tr|td|th|blockquote|pre|figure|figcaption)\b[^>]*>/gi;

/** The words of rich text, as a description carries them. */
export function plainWords(html: string): string {
  return html
    .replace(BLOCK_TAG, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) => {
      if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const NAME_LENGTH = 120;

const languageMap = (text: string): Obj => ({ "en-US": text });
/** A part with its words as description (rich text as words; plain text, as answers are typed, as is). */
const component = (id: string, words: string): Obj => (words ? { id, description: languageMap(words) } : { id });

/** A fill-in-the-blanks stem reads with its gaps as blanks. */
const stemWords = (content: QuestionContent) => plainWords(content.stem.replace(GAP_MARKER, "____"));

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Texts as components numbered in the order of their words (`prefix`1, 2…), so neither the list nor
 * the ids say which goes where: matching answers, ordering items.
 */
function byWords(texts: readonly string[], prefix: string, words: (text: string) => string) {
  const sorted = [...new Set(texts)].sort((a, b) => compare(words(a), words(b)) || compare(a, b));
  const idOf = new Map(sorted.map((text, i) => [text, `${prefix}${i + 1}`]));
  return { components: sorted.map((text) => component(idOf.get(text)!, words(text))), idOf };
}

const asTyped = (text: string) => text.trim();

type InteractionType = "choice" | "true-false" | "fill-in" | "long-fill-in" | "numeric" | "matching" | "sequencing";

const INTERACTION_TYPES: Record<QuestionContent["type"], InteractionType> = {
  single_choice: "choice",
  multiple_response: "choice",
  true_false: "true-false",
  short_answer: "fill-in",
  numeric: "numeric",
  matching: "matching",
  ordering: "sequencing",
  fill_in_blanks: "fill-in",
  essay: "long-fill-in",
};

/** The interaction's parts, and how the app's ids become theirs where they differ. */
function parts(content: QuestionContent): { lists: Obj; itemId?: Map<string, string> } {
  switch (content.type) {
    case "single_choice":
    case "multiple_response":
      return { lists: { choices: content.choices.map((c) => component(c.id, plainWords(c.text))) } };
    case "matching": {
      const targets = byWords([...content.pairs.map((p) => p.answer), ...content.distractors], "t", asTyped);
      return {
        lists: {
          source: content.pairs.map((p) => component(p.id, plainWords(p.prompt))),
          target: targets.components,
        },
        itemId: targets.idOf,
      };
    }
    case "ordering": {
      // Items are written in the right order, and unnamed ones are numbered by it (i1, i2…): neither shows here.
      const items = byWords(
        content.items.map((i) => i.text),
        "s",
        plainWords,
      );
      const idOf = new Map(content.items.map((i) => [i.id, items.idOf.get(i.text)!]));
      return { lists: { choices: items.components }, itemId: idOf };
    }
    default:
      return { lists: {} };
  }
}

/** The question's activity definition: its stem as name (cut short) and description, its type and parts. */
export function interactionDefinition(content: QuestionContent): Obj {
  const words = stemWords(content) || "Question";
  const name = words.length <= NAME_LENGTH ? words : `${words.slice(0, NAME_LENGTH - 1).trimEnd()}…`;
  return {
    type: TRACKING_ACTIVITY_TYPES.interaction,
    name: languageMap(name),
    description: languageMap(words),
    interactionType: INTERACTION_TYPES[content.type],
    ...parts(content).lists,
  };
}

/**
 * The response in xAPI's pattern for the interaction type: choice and sequencing ids joined by `[,]`,
 * matching `source[.]target` pairs, `true`/`false`, fill-in texts (a gap each, in the order they sit
 * in the sentence; a choice gap by the choice's words), a numeric answer as the number in the answers' unit.
 * Undefined when the response has not its type's shape, or a numeric one is no number.
 */
export function interactionResponse(content: QuestionContent, response: unknown): string | undefined {
  const parsed = questionResponseSchemas[content.type].safeParse(response);
  if (!parsed.success) return undefined;
  const r = parsed.data as Record<string, unknown>;
  switch (content.type) {
    case "single_choice":
      return content.choices.some((c) => c.id === r.choice_id) ? (r.choice_id as string) : "";
    case "multiple_response": {
      const chosen = new Set(r.choice_ids as string[]);
      return content.choices
        .filter((c) => chosen.has(c.id))
        .map((c) => c.id)
        .join(LIST);
    }
    case "true_false":
      return String(r.value);
    case "short_answer":
    case "essay":
      return r.text as string;
    case "numeric": {
      const value = parseNumericResponse(r.text as string, content.units, content.unit_required);
      return value === null ? undefined : String(value);
    }
    case "matching": {
      const matches = r.matches as Record<string, string>;
      const target = parts(content).itemId!;
      return content.pairs
        .filter((p) => Object.hasOwn(matches, p.id) && target.has(matches[p.id]!))
        .map((p) => `${p.id}${PAIR}${target.get(matches[p.id]!)}`)
        .join(LIST);
    }
    case "ordering": {
      const idOf = parts(content).itemId!;
      return (r.order as string[])
        .filter((id) => idOf.has(id))
        .map((id) => idOf.get(id)!)
        .join(LIST);
    }
    case "fill_in_blanks": {
      const given = r.gaps as Record<string, string>;
      const gaps = new Map(content.gaps.map((gap) => [gap.id, gap]));
      // In the order the gaps sit in the sentence (each sits there once).
      return [...content.stem.matchAll(GAP_MARKER)]
        .flatMap(([, id]) => (gaps.has(id!) ? [gaps.get(id!)!] : []))
        .map((gap) => {
          const text = Object.hasOwn(given, gap.id) ? given[gap.id]! : "";
          return gap.type === "choice" ? (gap.choices.find((c) => c.id === text)?.text ?? "") : text;
        })
        .join(LIST);
    }
  }
}
