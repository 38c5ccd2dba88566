"use client";

import { createContext, useContext, type ReactNode } from "react";
import { NO_BRANDING, type TenantBranding } from "@/lib/tenancy/branding";

const TenantBrandingContext = createContext<TenantBranding>(NO_BRANDING);

/** Set once by the root layout from the request's host. */
export function TenantBrandingProvider({ value, children }: { value: TenantBranding; children: ReactNode }) {
  return <TenantBrandingContext.Provider value={value}>{children}</TenantBrandingContext.Provider>;
}

export function useTenantBranding(): TenantBranding {
  return useContext(TenantBrandingContext);
}
