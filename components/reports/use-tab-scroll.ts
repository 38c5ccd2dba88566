"use client";

import { useCallback, useEffect, useRef, useState } from "react";

interface TabScroll {
  ref: React.RefObject<HTMLDivElement | null>;
  /** The tabs are wider than their row: the scroll buttons show. */
  overflows: boolean;
  canGoBack: boolean;
  canGoOn: boolean;
  /** Re-reads the row's scroll position (on scroll and resize). */
  update: () => void;
  /** Scrolls the row by its visible width, back (-1) or on (1). */
  by: (direction: -1 | 1) => void;
}

/** A row of tabs that may not fit: whether it overflows, and which way it can still scroll. */
export function useTabScroll(): TabScroll {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ overflows: false, canGoBack: false, canGoOn: false });
  const update = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    const end = row.scrollWidth - row.clientWidth;
    const next = { overflows: end > 1, canGoBack: row.scrollLeft > 1, canGoOn: row.scrollLeft < end - 1 };
    setState((now) =>
      now.overflows === next.overflows && now.canGoBack === next.canGoBack && now.canGoOn === next.canGoOn ? now : next,
    );
  }, []);
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    update();
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => observer.disconnect();
  }, [update]);
  const by = useCallback((direction: -1 | 1) => {
    const row = ref.current;
    row?.scrollBy({ left: direction * row.clientWidth, behavior: "smooth" });
  }, []);
  return { ref, ...state, update, by };
}
