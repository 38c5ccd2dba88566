import type { QuestionContent, QuestionType } from "@/lib/schemas/questions";

// A question's content as the API has it (lib/schemas/questions.ts) and as a version stores it: the
// fields every question has are columns, the type's own fields are the JSON body. Tags are the question's,
// not a version's.

export interface VersionColumns {
  type: QuestionType;
  name: string;
  stem: string;
  defaultMark: number;
  generalFeedback: string;
  body: Record<string, unknown>;
}

/** The columns of a new version from parsed content. */
export function versionColumns(content: QuestionContent): VersionColumns {
  const { type, name, stem, default_mark, general_feedback, tags: _tags, ...body } = content;
  return { type, name, stem, defaultMark: default_mark, generalFeedback: general_feedback, body };
}

/** A stored version's content, as it was parsed when written (versions never change). */
export function contentOf(
  version: VersionColumns | (Omit<VersionColumns, "body"> & { body: unknown }),
): QuestionContent {
  return {
    ...(version.body as Record<string, unknown>),
    type: version.type,
    name: version.name,
    stem: version.stem,
    default_mark: version.defaultMark,
    general_feedback: version.generalFeedback,
  } as QuestionContent;
}

/** A copy of the content with `clean` applied to every rich-text field (stems, choices, prompts, feedback). */
export function mapRichText(content: QuestionContent, clean: (html: string) => string): QuestionContent {
  const feedback = <T extends { feedback: string }>(items: readonly T[]): T[] =>
    items.map((i) => ({ ...i, feedback: clean(i.feedback) }));
  const common = { stem: clean(content.stem), general_feedback: clean(content.general_feedback) };
  switch (content.type) {
    case "single_choice":
    case "multiple_response":
      return {
        ...content,
        ...common,
        choices: content.choices.map((c) => ({ ...c, text: clean(c.text), feedback: clean(c.feedback) })),
      };
    case "true_false":
      return {
        ...content,
        ...common,
        feedback_true: clean(content.feedback_true),
        feedback_false: clean(content.feedback_false),
      };
    case "short_answer":
      return { ...content, ...common, answers: feedback(content.answers) };
    case "numeric":
      return { ...content, ...common, answers: feedback(content.answers) };
    case "matching":
      return { ...content, ...common, pairs: content.pairs.map((p) => ({ ...p, prompt: clean(p.prompt) })) };
    case "ordering":
      return { ...content, ...common, items: content.items.map((i) => ({ ...i, text: clean(i.text) })) };
    case "fill_in_blanks":
      return {
        ...content,
        ...common,
        gaps: content.gaps.map((gap) =>
          gap.type === "choice"
            ? { ...gap, choices: feedback(gap.choices) }
            : { ...gap, answers: feedback<{ feedback: string }>(gap.answers) },
        ) as typeof content.gaps,
      };
    case "essay":
      return { ...content, ...common, grader_info: clean(content.grader_info) };
  }
}
