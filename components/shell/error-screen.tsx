"use client";

import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { centeredColumn } from "@/components/shell/centered-column";

export interface ErrorScreenProps {
  /** The error's message; in production Next replaces server errors' messages with a generic one. */
  message: string;
  onRetry: () => void;
}

/** What an error boundary shows. It renders no landmark: the boundary decides whether it is the <main>. */
export function ErrorScreen({ message, onRetry }: ErrorScreenProps) {
  return (
    <Box
      sx={{
        ...centeredColumn,
        gap: 2,
        py: 8,
        maxWidth: 640,
        mx: "auto",
      }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h4" component="h1">
        Something went wrong.
      </Typography>
      <Typography sx={{ wordBreak: "break-word" }}>{message || "An unexpected error occurred."}</Typography>
      <Typography sx={{ color: "text.secondary" }}>
        Please try refreshing the page or contact support if the problem persists.
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}
