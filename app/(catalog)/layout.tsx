import type { ReactNode } from "react";
import { MuiProviders } from "@/components/providers/mui-providers";
import { PublicLayout } from "@/components/shell/public-layout";
import { SignedInFrame } from "@/components/shell/signed-in-frame";

/**
 * The course catalog is open to visitors and to the people signed in: a visitor sees it in the public
 * frame (with Sign in), a signed-in learner in the app's own shell, with the side navigation.
 */
export default function CatalogLayout({ children }: { children: ReactNode }) {
  return (
    <MuiProviders>
      <SignedInFrame signedOut={<PublicLayout>{children}</PublicLayout>}>{children}</SignedInFrame>
    </MuiProviders>
  );
}
