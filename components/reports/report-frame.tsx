import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Suspense, type ReactNode } from "react";

export interface ReportFrameProps {
  /** The view's own heading (an h2: the page's h1 is the layout's "Reports"). */
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A report view below the layout's tabs and filters: its heading, then the view. */
export function ReportFrame({ title, subtitle, actions, children }: ReportFrameProps) {
  return (
    <>
      <Box
        sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 2, mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2">
            {title}
          </Typography>
          {subtitle && <Typography sx={{ color: "text.secondary" }}>{subtitle}</Typography>}
        </Box>
        {actions}
      </Box>
      <Suspense>{children}</Suspense>
    </>
  );
}
