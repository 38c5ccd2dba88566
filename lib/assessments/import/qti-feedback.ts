import { inner, list } from "@/lib/assessments/import/qti-read";
import { attr, child, text, type XmlNode } from "@/lib/scorm/xml";

// Feedback in a QTI 3.0 item, read as our export writes it and as 1EdTech's examples do: a
// qti-modal-feedback that response processing shows whatever the response (its identifier added to
// FEEDBACK by a rule outside any condition) is the general feedback; a qti-feedback-inline or
// qti-feedback-block inside a choice, shown (show-hide="show"), is that choice's feedback. Feedback shown
// on some other condition (correct, incorrect, a given score) has no place here: it is noted as not kept.

const FEEDBACK_IN_CHOICE = /<qti-feedback-(inline|block)\b([^>]*)>([\s\S]*?)<\/qti-feedback-\1>/g;

/** A choice's raw XML → its text without its feedback, and its feedback. */
export function splitChoice(raw: string, notes: string[]): { text: string; feedback: string } {
  let feedback = "";
  const rest = raw.replace(FEEDBACK_IN_CHOICE, (_m, _kind: string, attributes: string, content: string) => {
    if (/\bshow-hide="hide"/.test(attributes))
      notes.push("A choice's feedback shown unless it is chosen is not kept: feedback here is shown for its choice");
    else feedback = feedback ? `${feedback}${content.trim()}` : content.trim();
    return "";
  });
  return { text: rest.trim(), feedback };
}

/** The identifiers added to FEEDBACK by rules that always run (outside any condition). */
function alwaysShown(root: XmlNode): Set<string> {
  const shown = new Set<string>();
  for (const set of list(child(root, "qti-response-processing"), "qti-set-outcome-value")) {
    if (attr(set, "identifier") !== "FEEDBACK") continue;
    const holder = child(set, "qti-multiple") ?? set;
    for (const value of list(holder, "qti-base-value")) shown.add(text(value));
  }
  return shown;
}

/** The general feedback: the modal feedbacks always shown; the others are noted. */
export function readGeneralFeedback(xml: string, root: XmlNode, notes: string[]): string {
  const always = alwaysShown(root);
  const general: string[] = [];
  const conditional: string[] = [];
  for (const [, attributes = "", content = ""] of xml.matchAll(
    /<qti-modal-feedback\b([^>]*)>([\s\S]*?)<\/qti-modal-feedback>/g,
  )) {
    const identifier = /(?:^|\s)identifier="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const body = inner(content, "qti-content-body") || content.trim();
    if (always.has(identifier) && !/\bshow-hide="hide"/.test(attributes)) general.push(body);
    else conditional.push(identifier);
  }
  if (conditional.length)
    notes.push(
      `Its feedback shown on a condition (${conditional.join(", ")}) is not kept: questions here have general feedback, shown whatever the answer, and a choice's feedback`,
    );
  return general.join("");
}

/** Feedback elements left in the item's text (outside a choice): removed, and noted. */
export function withoutBodyFeedback(stem: string, notes: string[]): string {
  const rest = stem
    .replace(/<qti-feedback-(block|inline)\b[^>]*\/>/g, "")
    .replace(/<qti-feedback-(block|inline)\b[\s\S]*?<\/qti-feedback-\1>/g, "");
  if (rest !== stem)
    notes.push(
      "Its feedback in the item's text is not kept: questions here have general feedback and a choice's feedback",
    );
  return rest;
}
