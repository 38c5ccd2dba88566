import type { ReactNode } from "react";
import SignedInLayout from "@/app/(app)/layout";
import { MuiProviders } from "@/components/providers/mui-providers";

// The administration pages sit in the same signed-in shell as the learner's pages, and draw with MUI.
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <SignedInLayout>
      <MuiProviders>{children}</MuiProviders>
    </SignedInLayout>
  );
}
