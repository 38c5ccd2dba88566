"use client";

import UploadFileIcon from "@mui/icons-material/UploadFile";
import Button, { type ButtonProps } from "@mui/material/Button";

/**
 * A button that opens the file chooser. The input itself is visually hidden but stays in the tab order
 * and carries the label, so keyboards, screen readers and tests reach it by name.
 */
export function FilePickButton({
  label,
  accept,
  onPick,
  disabled,
  variant = "outlined",
}: {
  label: string;
  accept?: string;
  onPick: (file: File) => void;
  disabled?: boolean;
  variant?: ButtonProps["variant"];
}) {
  return (
    <Button
      component="label"
      role={undefined}
      tabIndex={-1}
      variant={variant}
      startIcon={<UploadFileIcon />}
      disabled={disabled}
    >
      {label}
      <input
        type="file"
        aria-label={label}
        accept={accept}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onPick(file);
          // Picking the same file again must fire onChange again.
          e.target.value = "";
        }}
        style={{
          clip: "rect(0 0 0 0)",
          clipPath: "inset(50%)",
          height: 1,
          width: 1,
          overflow: "hidden",
          position: "absolute",
          whiteSpace: "nowrap",
          bottom: 0,
          left: 0,
        }}
      />
    </Button>
  );
}
