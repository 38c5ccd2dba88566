"use client";

import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useState } from "react";

export interface NoticeState {
  severity: "success" | "error" | "info";
  message: string;
}

// Each notice gets its own snackbar (and so its own hide timer): a second "saved" shortly after the
// first would otherwise vanish when the first one's timer ran out.
const keys = new WeakMap<NoticeState, number>();
let lastKey = 0;
function keyOf(notice: NoticeState): number {
  let key = keys.get(notice);
  if (key === undefined) {
    key = ++lastKey;
    keys.set(notice, key);
  }
  return key;
}

/** The authoring screens' one snackbar: successes fade, errors stay until dismissed. */
export function Notice({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  // The last notice stays rendered while the snackbar fades out after `notice` became null.
  const [shown, setShown] = useState(notice);
  if (notice && notice !== shown) setShown(notice);
  return (
    <Snackbar
      key={shown ? keyOf(shown) : 0}
      open={Boolean(notice)}
      onClose={(_, reason) => reason !== "clickaway" && onClose()}
      autoHideDuration={shown?.severity === "error" ? null : 5000}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      {shown ? (
        <Alert
          severity={shown.severity}
          variant="filled"
          onClose={onClose}
          role={shown.severity === "error" ? "alert" : "status"}
          sx={{ width: "100%" }}
        >
          {shown.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
