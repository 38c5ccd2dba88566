import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** Puts the server's field errors (same field names as the shared zod schema) under the fields. */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string[]> | undefined,
): void {
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages[0]) setError(field as Path<T>, { type: "server", message: messages[0] });
  }
}
