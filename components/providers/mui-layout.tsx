import type { ReactNode } from "react";
import { MuiProviders } from "@/components/providers/mui-providers";

/**
 * The layout of an administration subtree whose pages draw with MUI: the `/admin` layout itself puts no
 * MUI in place, so a page drawn from CSS modules alone (the course list) loads no MUI and no emotion.
 * Each such subtree's `layout.tsx` re-exports this one.
 */
export default function MuiLayout({ children }: { children: ReactNode }) {
  return <MuiProviders>{children}</MuiProviders>;
}
