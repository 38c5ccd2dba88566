"use client";

import { useEffect, useState } from "react";

/**
 * Search as you type: the list follows 250 ms after the last key. `value` is the list's search (from the
 * address); when it changes other than by this box (a link to the bare list, "Clear"), the box shows it.
 * Returns the box's text and its setter.
 */
export function useSearchText(value: string, onSearch: (q: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  // The last search this box asked for, and the last value it was given: a value that differs from both
  // came from elsewhere. (A value equal to what was sent is the box's own search coming back, possibly
  // after more keys were typed, which must not be overwritten.)
  const [sent, setSent] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => {
      setSent(wanted);
      onSearch(wanted);
    }, 250);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return [text, setText];
}
