"use client";

import Box from "@mui/material/Box";
import { useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { FormTextField } from "@/components/forms/form-text-field";
import { PasswordStrength, usePasswordVerdict } from "@/components/forms/password-strength";
import type { PolicyLike } from "@/lib/password-policy";

/**
 * A new password's field with the organization's policy under it, judged as it is typed by the same check
 * the server runs. Forms also call passwordProblem() before sending, so a refused password never leaves.
 */
export function PolicyPasswordField<T extends FieldValues>({
  control,
  name,
  label,
  policy,
  userInputs = [],
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  policy: PolicyLike;
  userInputs?: string[];
}) {
  const password = String(useWatch({ control, name }) ?? "");
  const verdict = usePasswordVerdict(password, policy, userInputs);
  return (
    <>
      <FormTextField control={control} name={name} label={label} type="password" autoComplete="new-password" />
      <Box sx={{ mt: -0.5, mb: 1, mx: 1.75 }}>
        <PasswordStrength verdict={verdict} policy={policy} />
      </Box>
    </>
  );
}
