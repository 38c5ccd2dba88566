"use client";

import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { STRENGTH_LABELS, type PasswordVerdict, type PolicyLike } from "@/lib/password-policy";

// The password policy on the forms: the same check the server runs (lib/password-strength.ts), loaded
// when a password is first typed (its dictionaries are ~400 kB, and most pages never need them).

let checker: Promise<typeof import("@/lib/password-strength")> | undefined;
const loadChecker = () => (checker ??= import("@/lib/password-strength"));

/** The verdict under `policy` of the password being typed (null while empty or loading). */
export function usePasswordVerdict(
  password: string,
  policy: PolicyLike,
  userInputs: string[] = [],
): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const inputs = userInputs.join("\n");
  useEffect(() => {
    if (!password) return;
    let live = true;
    const timer = setTimeout(() => {
      void loadChecker().then(
        ({ checkPassword }) => live && setVerdict(checkPassword(password, policy, inputs.split("\n"))),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, policy.minLength, policy.minStrength, inputs]); // eslint-disable-line react-hooks/exhaustive-deps -- the policy's two numbers are its identity
  return password ? verdict : null;
}

/** Checks a password before a form sends it: the message the server would answer, or null. */
export async function passwordProblem(
  password: string,
  policy: PolicyLike,
  userInputs: string[] = [],
): Promise<string | null> {
  const { checkPassword } = await loadChecker();
  return checkPassword(password, policy, userInputs).message;
}

const COLORS = ["error", "error", "warning", "success", "success"] as const;

/** A strength bar and its words under a password field. */
export function PasswordStrength({ verdict, policy }: { verdict: PasswordVerdict | null; policy: PolicyLike }) {
  if (!verdict) {
    return (
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        At least {policy.minLength} characters
        {policy.minStrength > 0 ? `, and not easy to guess (at least "${STRENGTH_LABELS[policy.minStrength]}")` : ""}.
      </Typography>
    );
  }
  return (
    <Box aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(verdict.score + 1) * 20}
        color={COLORS[verdict.score]}
        aria-label="Password strength"
        sx={{ height: 6, borderRadius: 3, mb: 0.5 }}
      />
      <Typography variant="body2" sx={{ color: verdict.ok ? "text.secondary" : "error.main" }}>
        Strength: {STRENGTH_LABELS[verdict.score]}. {verdict.message ?? "Good."}{" "}
        {!verdict.ok && verdict.suggestion ? verdict.suggestion : ""}
      </Typography>
    </Box>
  );
}
