import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { translations } from "@zxcvbn-ts/language-en";
import { verdict, type PasswordVerdict, type PolicyLike } from "@/lib/password-policy";

// The one strength check, run by the forms (loaded on demand: the dictionaries are ~400 kB) and by the
// server (lib/server/accounts/password-policy.ts) with the same options, so both give the same verdict.
// Dictionaries: zxcvbn-ts's common ones (the most used passwords, diceware words) and keyboard layouts.

let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary: commonDictionary, graphs: adjacencyGraphs, translations });
  return factory;
}

/** Passwords past this length are scored on their first 100 characters: zxcvbn's matching is superlinear. */
const SCORED_LENGTH = 100;

/**
 * The verdict on a password under a policy. `userInputs` are words the person's own details give away
 * (their name, e-mail, the organization's name and address): a password built from them scores lower.
 */
export function checkPassword(password: string, policy: PolicyLike, userInputs: string[] = []): PasswordVerdict {
  const inputs = userInputs.flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((s) => s.length >= 3);
  const result = zxcvbn().check(password.slice(0, SCORED_LENGTH), inputs);
  return verdict(password, result.score, policy, {
    warning: result.feedback.warning,
    suggestion: result.feedback.suggestions[0] ?? null,
  });
}
