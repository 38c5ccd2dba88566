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

/** Scrolls the row so that its selected tab shows, as MUI's Tabs do when they mount. */
function revealSelected(row: HTMLElement) {
  const selected = row.querySelector('[aria-selected="true"]');
  if (!selected) return;
  const shown = row.getBoundingClientRect();
  const tab = selected.getBoundingClientRect();
  if (tab.right > shown.right) row.scrollLeft += tab.right - shown.right;
  else if (tab.left < shown.left) row.scrollLeft -= shown.left - tab.left;
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
    // The row narrows once its scroll buttons show: the selected tab is brought into view again then.
    const observer = new ResizeObserver(() => {
      revealSelected(row);
      update();
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [update]);
  const by = useCallback((direction: -1 | 1) => {
    const row = ref.current;
    row?.scrollBy({ left: direction * row.clientWidth, behavior: "smooth" });
  }, []);
  return { ref, ...state, update, by };
}
