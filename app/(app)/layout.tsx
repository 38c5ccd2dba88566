import type { ReactNode } from "react";
import { SignedInFrame } from "@/components/shell/signed-in-frame";

/** The shell around signed-in pages; a visitor's request reaches the page's own guard unframed. */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return <SignedInFrame signedOut={children}>{children}</SignedInFrame>;
}
