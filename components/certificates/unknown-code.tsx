"use client";

import Alert from "@mui/material/Alert";
import { usePathname } from "next/navigation";
import { VerifyCodeForm } from "@/components/certificates/verify-code-form";

/**
 * The unknown code, repeated from the address (a not-found boundary gets no params), so whoever typed it
 * sees what was looked up and can correct it in place.
 */
export function UnknownCode() {
  const segment = usePathname()?.split("/").pop() ?? "";
  let code = segment;
  try {
    code = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as it came.
  }
  return (
    <>
      <Alert severity="warning" sx={{ mb: 3 }}>
        No certificate with the code <strong data-testid="looked-up-code">{code}</strong> was issued here. Check it
        against the certificate: the code has 24 letters and digits.
      </Alert>
      <VerifyCodeForm code={code} />
    </>
  );
}
