"use client";

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";

/** Previous / Next and a button per page; nothing for a quiz on one page. */
export function QuizPages({ pages, page, onPage }: { pages: number; page: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  const go = (to: number) => {
    onPage(to);
    window.scrollTo({ top: 0 });
  };
  return (
    <Box
      component="nav"
      aria-label="Quiz pages"
      sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", justifyContent: "space-between" }}
    >
      <Button variant="outlined" onClick={() => go(page - 1)} disabled={page === 1}>
        Previous
      </Button>
      <Box component="ul" sx={{ display: "flex", gap: 0.5, listStyle: "none", p: 0, m: 0, flexWrap: "wrap" }}>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Button
              size="small"
              variant={n === page ? "contained" : "text"}
              aria-label={`Page ${n}`}
              aria-current={n === page ? "page" : undefined}
              onClick={() => go(n)}
              sx={{ minWidth: 40 }}
            >
              {n}
            </Button>
          </li>
        ))}
      </Box>
      <Button variant="outlined" onClick={() => go(page + 1)} disabled={page === pages}>
        Next
      </Button>
    </Box>
  );
}
