import type { ReactNode } from "react";
import { MuiProviders } from "@/components/providers/mui-providers";

// These pages draw with MUI components (the dashboard beside them does not, and loads none of it).
export default function MuiPagesLayout({ children }: { children: ReactNode }) {
  return <MuiProviders>{children}</MuiProviders>;
}
