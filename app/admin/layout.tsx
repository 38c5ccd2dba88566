import type { ReactNode } from "react";
import SignedInLayout from "@/app/(app)/layout";

// The administration pages sit in the same signed-in shell as the learner's pages. MUI's providers are put in
// place by the layouts of the subtrees that draw with MUI (components/providers/mui-layout.tsx), not here:
// the course list, drawn from CSS modules, loads no MUI and no emotion.
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <SignedInLayout>{children}</SignedInLayout>;
}
