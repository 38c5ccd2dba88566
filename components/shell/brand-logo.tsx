"use client";

import Image from "next/image";
import { useTenantBranding } from "@/components/shell/tenant-branding";

/**
 * The top bar's logo, 118×40: the organization's own (its uploaded file, fitted into the box) or the
 * product's. Uploaded logos are served as they are (they are already sized), not through Next's resizer.
 */
export function BrandLogo() {
  const { organizationName, logoUrl } = useTenantBranding();
  const alt = `${organizationName ?? "Learning Management"} logo`;
  if (logoUrl)
    return (
      <Image
        src={logoUrl}
        alt={alt}
        width={118}
        height={40}
        unoptimized
        priority
        style={{ display: "block", objectFit: "contain", objectPosition: "left center" }}
      />
    );
  return <Image src="/logo.svg" alt={alt} width={118} height={40} priority style={{ display: "block" }} />;
}
