"use client";

import InboxIcon from "@mui/icons-material/Inbox";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { centeredColumn } from "@/components/shell/centered-column";
import type { ReactNode } from "react";

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** A decorative icon element (e.g. <SchoolIcon />); an inbox when omitted. */
  icon?: ReactNode;
  action?: { label: string; href: string };
}

/**
 * A friendly placeholder for lists with nothing in them yet. A client component because the action is
 * a MUI Button rendered as a Next Link, and a server component cannot hand Link to MUI as a prop.
 */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        ...centeredColumn,
        gap: 1.5,
        py: 8,
        border: 1,
        borderStyle: "dashed",
        borderColor: "divider",
        borderRadius: 2,
      }}
    >
      <Box aria-hidden sx={{ color: "text.secondary", "& svg": { fontSize: 48 } }}>
        {icon ?? <InboxIcon />}
      </Box>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {description && <Typography sx={{ color: "text.secondary", maxWidth: 480 }}>{description}</Typography>}
      {action && (
        <Button component={Link} href={action.href} variant="contained" sx={{ mt: 1 }}>
          {action.label}
        </Button>
      )}
    </Box>
  );
}
