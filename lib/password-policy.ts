// The password policy's rules that need no dictionary (lengths, labels, the verdict's wording), shared by
// the settings schema, the forms and the server. The strength itself is scored in lib/password-strength.ts.

/** The floor of every policy: no organization may allow shorter passwords. */
export const MIN_PASSWORD_LENGTH = 8;
/** The highest minimum length a policy may ask for (passwordSchema accepts up to 200 characters). */
export const MAX_MIN_PASSWORD_LENGTH = 128;

/** zxcvbn's scores, as the settings form and the strength meter name them. */
export const STRENGTH_LABELS = [
  "Too guessable",
  "Very guessable",
  "Somewhat guessable",
  "Safely unguessable",
  "Very unguessable",
] as const;

export interface PolicyLike {
  minLength: number;
  minStrength: number;
}

export interface PasswordVerdict {
  ok: boolean;
  /** zxcvbn's score, 0–4. */
  score: number;
  /** Why it is refused (one sentence), or null. */
  message: string | null;
  /** zxcvbn's hint for a better password, if any. */
  suggestion: string | null;
}

/** The verdict on a scored password: the length first (the cheaper thing to fix), then the strength. */
export function verdict(
  password: string,
  score: number,
  policy: PolicyLike,
  hint: { warning: string | null; suggestion: string | null },
): PasswordVerdict {
  const suggestion = hint.suggestion;
  if ([...password].length < policy.minLength) {
    return { ok: false, score, message: `Password must be at least ${policy.minLength} characters`, suggestion };
  }
  if (score < policy.minStrength) {
    const why = hint.warning ? ` ${hint.warning.replace(/\.?$/, ".")}` : "";
    const message = `This password is too easy to guess (${STRENGTH_LABELS[score]}); this organization needs at least "${STRENGTH_LABELS[policy.minStrength]}".${why}`;
    return { ok: false, score, message, suggestion };
  }
  return { ok: true, score, message: null, suggestion };
}
