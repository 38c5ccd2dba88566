"use client";

import dynamic from "next/dynamic";

// Only the platform overview draws the organizations table, yet a page's client chunks hold every client
// component it imports: imported as is, it would bring the Data Grid to every organization's admin, who
// never sees it. Imported here, its code arrives when the server renders it (still rendered there, the
// same markup as before); a server component's dynamic import would not split it off.
export const LazyOrganizationBreakdown = dynamic(() =>
  import("@/components/reports/organization-breakdown").then((m) => m.OrganizationBreakdown),
);
