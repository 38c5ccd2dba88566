"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { MODE_STORAGE_KEY } from "@/components/theme/color-scheme-script";

// Light or dark, kept without MUI so that pages drawn only from CSS modules need none of it. The class
// on <html> is the truth: the init script (color-scheme-script.tsx) sets it before the first paint and
// every stylesheet selects on it. The choice is stored where MUI's provider looks, so the pages drawn
// with MUI agree.

export type ColorScheme = "light" | "dark";

function currentScheme(): ColorScheme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** Applies a scheme at once and remembers it in this browser. */
export function applyColorScheme(scheme: ColorScheme): void {
  try {
    localStorage.setItem(MODE_STORAGE_KEY, scheme);
  } catch {
    // Storage refused (a private window): the choice holds until the page is left.
  }
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(scheme);
  // MUI's provider, where a page has one, follows the key through storage events (another tab's, or this one).
  window.dispatchEvent(new StorageEvent("storage", { key: MODE_STORAGE_KEY, newValue: scheme }));
}

/** The scheme on screen; null in the server's HTML and during hydration, when the page cannot know it. */
export function useColorScheme(): ColorScheme | null {
  return useSyncExternalStore(subscribe, currentScheme, () => null);
}

/**
 * The account's saved choice wins over this browser's when a page of the app loads (another device may
 * have changed it); a choice made here afterwards is not undone.
 */
export function useSavedColorScheme(saved: ColorScheme | null): void {
  const applied = useRef<ColorScheme | null>(null);
  useEffect(() => {
    if (!saved || applied.current === saved) return;
    applied.current = saved;
    if (currentScheme() !== saved) applyColorScheme(saved);
  }, [saved]);
}
