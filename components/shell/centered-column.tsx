import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** `sx` of a column of centred content: a notice, an error, an empty list. */
export const centeredColumn = {
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  px: 2,
} as const;

/** A page that is only a notice, as the page's <main>: 'Page Not Found', a suspended organization. */
export function NoticePage({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ ...centeredColumn, gap: 2, py: 12 }}>
      {children}
    </Box>
  );
}
