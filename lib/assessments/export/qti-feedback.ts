import { rich, variable } from "@/lib/assessments/export/qti-parts";

// Feedback in a QTI 3.0 item, as 1EdTech's examples write it: a FEEDBACK outcome (multiple identifiers)
// that response processing adds identifiers to, and feedback elements shown when it holds theirs. The
// general feedback is a qti-modal-feedback (GENERAL, added whatever the response); a choice's feedback sits
// in its qti-simple-choice as qti-feedback-inline (qti-feedback-block when it holds paragraphs), added when
// that choice is chosen.

export const FEEDBACK_DECLARATION =
  '<qti-outcome-declaration identifier="FEEDBACK" cardinality="multiple" base-type="identifier"/>';
export const GENERAL = "GENERAL";

const identifierValue = (identifier: string) => `<qti-base-value base-type="identifier">${identifier}</qti-base-value>`;

/** Adds `identifier` to FEEDBACK. */
export const showFeedback = (identifier: string) =>
  `<qti-set-outcome-value identifier="FEEDBACK"><qti-multiple>${variable("FEEDBACK")}${identifierValue(identifier)}</qti-multiple></qti-set-outcome-value>`;

const BLOCK = /<(p|div|ul|ol|table|h[1-6]|blockquote|pre|hr|figure)\b/i;

/** A choice's feedback inside its qti-simple-choice; "" when it has none. */
export function choiceFeedback(identifier: string, feedback: string): string {
  if (!feedback) return "";
  const xhtml = rich(feedback);
  const tag = BLOCK.test(xhtml) ? "qti-feedback-block" : "qti-feedback-inline";
  return `<${tag} outcome-identifier="FEEDBACK" identifier="${identifier}" show-hide="show">${xhtml}</${tag}>`;
}

/** The rule that shows a choice's feedback when the response is (single) or holds (multiple) that choice. */
export function whenChosen(choice: string, feedbackIdentifier: string, multiple: boolean): string {
  const test = multiple
    ? `<qti-member>${identifierValue(choice)}${variable("RESPONSE")}</qti-member>`
    : `<qti-match>${variable("RESPONSE")}${identifierValue(choice)}</qti-match>`;
  return `<qti-response-condition><qti-response-if>${test}${showFeedback(feedbackIdentifier)}</qti-response-if></qti-response-condition>`;
}

export const generalFeedback = (html: string) =>
  `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="${GENERAL}" show-hide="show"><qti-content-body>${rich(html)}</qti-content-body></qti-modal-feedback>`;

/** Response processing with the feedback rules after the scoring; a template's scoring is written out, since rules replace it. */
export function withFeedbackRules(processing: string, rules: string[], mapResponseTemplate: string): string {
  if (!rules.length) return processing;
  if (processing === "") return `<qti-response-processing>${rules.join("")}</qti-response-processing>`;
  if (processing.includes(`template="${mapResponseTemplate}"`))
    return (
      "<qti-response-processing><qti-response-condition>" +
      `<qti-response-if><qti-is-null>${variable("RESPONSE")}</qti-is-null><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value></qti-response-if>` +
      '<qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-map-response identifier="RESPONSE"/></qti-set-outcome-value></qti-response-else>' +
      `</qti-response-condition>${rules.join("")}</qti-response-processing>`
    );
  return processing.replace(/<\/qti-response-processing>$/, `${rules.join("")}</qti-response-processing>`);
}
