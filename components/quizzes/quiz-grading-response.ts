import { plainText } from "@/components/quizzes/rich-inline";
import type { LearnerQuestionView } from "@/lib/assessments/learner-view";

// A learner's response in words, for the person grading it: the texts of the choices picked rather than
// their ids. An essay's text is shown as written, elsewhere.

export function responseText(question: LearnerQuestionView, response: unknown): string {
  if (response === null || response === undefined) return "Not answered";
  const r = response as Record<string, unknown>;
  switch (question.type) {
    case "single_choice": {
      const choice = question.choices.find((c) => c.id === r.choice_id);
      return choice ? plainText(choice.text) : "Not answered";
    }
    case "multiple_response": {
      const ids = Array.isArray(r.choice_ids) ? r.choice_ids : [];
      const texts = question.choices.filter((c) => ids.includes(c.id)).map((c) => plainText(c.text));
      return texts.length > 0 ? texts.join("; ") : "Not answered";
    }
    case "true_false":
      return typeof r.value === "boolean" ? (r.value ? "True" : "False") : "Not answered";
    case "short_answer":
    case "numeric":
    case "essay":
      return typeof r.text === "string" && r.text.trim() ? r.text : "Not answered";
    case "matching": {
      const matches = (r.matches ?? {}) as Record<string, string>;
      return question.prompts.map((p) => `${plainText(p.prompt)} → ${matches[p.id] ?? "—"}`).join("; ");
    }
    case "ordering": {
      const order = Array.isArray(r.order) ? (r.order as string[]) : [];
      const text = new Map(question.items.map((i) => [i.id, plainText(i.text)]));
      return order.length > 0 ? order.map((id) => text.get(id) ?? id).join(" → ") : "Not answered";
    }
    case "fill_in_blanks": {
      const gaps = (r.gaps ?? {}) as Record<string, string>;
      return question.gaps
        .map((gap) => {
          const given = gaps[gap.id];
          const shown = gap.type === "choice" ? gap.choices.find((c) => c.id === given)?.text : given;
          return `${gap.id}: ${shown ? plainText(shown) : "—"}`;
        })
        .join("; ");
    }
  }
}
