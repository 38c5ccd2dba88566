"use client";

import type { StylisPlugin } from "@emotion/cache";
import { AppRouterCacheProvider } from "@mui/material-nextjs/v16-appRouter";
import type { ReactNode } from "react";

/** Properties that Safari still reads only with its prefix (every other browser we serve reads them bare). */
const WEBKIT_ONLY = new Set(["user-select", "box-decoration-break"]);

/**
 * Emotion's default plugin writes every vendor prefix of the last decade (`display:-webkit-box;
 * display:-ms-flexbox;…`), about a third of the styles every page carries inline; this one writes only the
 * prefixes a current browser needs.
 */
export const prefixWhereNeeded: StylisPlugin = (element) => {
  if (element.type === "decl" && !element.return && WEBKIT_ONLY.has(String(element.props)))
    element.return = `-webkit-${element.value}${element.value}`;
};

// One list for the process: emotion keeps its server-side cache of compiled rules per plugin list, so a
// list made per request would compile every rule again on every page.
const STYLIS_PLUGINS = [prefixWhereNeeded];

/** MUI's emotion cache for the App Router (styles flushed into the streamed HTML with the page's nonce). */
export function StyleCacheProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return (
    <AppRouterCacheProvider options={{ enableCssLayer: true, nonce, stylisPlugins: STYLIS_PLUGINS }}>
      {children}
    </AppRouterCacheProvider>
  );
}
