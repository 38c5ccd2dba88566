"use client";

import Link from "@/components/navigation/link";
import { Icon } from "./icon";
import styles from "./ui.module.css";
import { useTabScroll } from "./use-tab-scroll";

export interface LinkTab {
  label: string;
  href: string;
}

/**
 * Pages of one place as tabs (links drawn as MUI's scrollable Tabs, with its scroll buttons when they do
 * not fit a phone), the current one underlined; each tab is an address of its own.
 */
export function LinkTabs({ label, tabs, current }: { label: string; tabs: readonly LinkTab[]; current?: string }) {
  const { ref, overflows, canGoBack, canGoOn, update, by } = useTabScroll();
  const scrollButton = (direction: -1 | 1) =>
    overflows && (
      <button
        type="button"
        className={styles.tabScrollButton}
        // A pointer's help only, as MUI's are: the keyboard reaches every tab by Tab.
        tabIndex={-1}
        aria-hidden
        disabled={direction < 0 ? !canGoBack : !canGoOn}
        onClick={() => by(direction)}
      >
        <Icon name={direction < 0 ? "chevronLeft" : "chevronRight"} size={20} />
      </button>
    );
  return (
    <nav aria-label={label} className={styles.tabBar}>
      {scrollButton(-1)}
      <div role="tablist" className={styles.tabList} ref={ref} onScroll={update}>
        {tabs.map((tab) => {
          const selected = current === tab.href;
          return (
            <Link
              key={tab.href}
              role="tab"
              aria-selected={selected}
              aria-current={selected ? "page" : undefined}
              className={styles.tab}
              href={tab.href}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      {scrollButton(1)}
    </nav>
  );
}
