"use client";

import { useEffect, useState } from "react";
import { ButtonLabel, buttonClasses, type ButtonSize } from "./button";
import { VisuallyHidden } from "./visually-hidden";

type CopyState = "idle" | "copied" | "failed";

const SAID: Record<CopyState, string> = {
  idle: "Copy",
  copied: "Copied",
  failed: "Could not copy: select it and copy it yourself",
};

/**
 * Puts `value` on the clipboard: every value a person must copy elsewhere has one. Its name says what it
 * copies ("Copy Redirect URI"); the outcome is shown on the button and read out. Drawn without runtime
 * styles, so pages with and without MUI use the same button.
 */
export function CopyButton({ value, label, size = "small" }: { value: string; label: string; size?: ButtonSize }) {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value stays there to select.
      setState("failed");
    }
  };

  return (
    <>
      <button
        type="button"
        className={buttonClasses("text", size)}
        onClick={copy}
        aria-label={`Copy ${label}`}
        title={state === "failed" ? SAID.failed : `Copy ${label}`}
      >
        <ButtonLabel icon="copy" size={size}>
          {state === "copied" ? SAID.copied : SAID.idle}
        </ButtonLabel>
      </button>
      <VisuallyHidden>
        <span role="status">{state === "idle" ? "" : `${label}: ${SAID[state]}`}</span>
      </VisuallyHidden>
    </>
  );
}
