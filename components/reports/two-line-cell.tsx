import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/**
 * A table cell of two lines: the column's own value, and beneath it, small, what would otherwise need a
 * column of its own (a learner's e-mail under their name). Keeps a table within its box at 1280 px.
 */
export function TwoLineCell({ children, secondary }: { children: ReactNode; secondary: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        height: "100%",
        lineHeight: 1.3,
        minWidth: 0,
      }}
    >
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
        {children}
      </Box>
      <Box
        component="span"
        sx={{ color: "text.secondary", fontSize: "0.75rem", overflow: "hidden", textOverflow: "ellipsis" }}
      >
        {secondary}
      </Box>
    </Box>
  );
}
