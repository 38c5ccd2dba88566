import type { ReactNode } from "react";
import { MuiProviders } from "@/components/providers/mui-providers";
import { PublicLayout } from "@/components/shell/public-layout";

export default function PublicPagesLayout({ children }: { children: ReactNode }) {
  return (
    <MuiProviders>
      <PublicLayout>{children}</PublicLayout>
    </MuiProviders>
  );
}
