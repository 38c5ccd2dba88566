"use client";

import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";

export interface NoticeState {
  severity: "success" | "error" | "info";
  message: string;
}

/** The authoring screens' one snackbar: successes fade, errors stay until dismissed. */
export function Notice({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  return (
    <Snackbar
      open={Boolean(notice)}
      onClose={(_, reason) => reason !== "clickaway" && onClose()}
      autoHideDuration={notice?.severity === "error" ? null : 5000}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose} role={notice.severity === "error" ? "alert" : "status"} sx={{ width: "100%" }}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
