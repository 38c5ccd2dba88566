"use client";

import Button, { type ButtonProps } from "@mui/material/Button";
import { useIsHydrated } from "@/components/hooks/use-browser";

/**
 * A form's submit button, disabled until React has hydrated the form: a click before that would submit
 * the form natively and put its fields (a password!) into the URL.
 */
export function SubmitButton({ isSubmitting, children, ...props }: ButtonProps & { isSubmitting: boolean }) {
  const isHydrated = useIsHydrated();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      {...props}
      disabled={!isHydrated || isSubmitting || props.disabled}
    >
      {children}
    </Button>
  );
}
