"use client";

import Link from "@/components/navigation/link";
import { usePathname, useRouter } from "next/navigation";
import { useState, type MouseEvent } from "react";
import styles from "@/components/shell/shell.module.css";
import { Icon } from "@/components/ui/icon";
import { refreshReports, REPORTS_PAGE } from "@/lib/client/reports";
import { activeNavHref, navigationGroupsFor, type NavEntry, type Role } from "@/lib/routes";

/** The Reports entry's label while the report data refreshes (exactly as the spec has it: docs/specification.md "Routes and navigation"). */
export const REFRESHING_LABEL = "Refreshing Reports...";

/**
 * The role's entries as the "Main navigation" landmark; `onNavigate` runs after a click on any of them.
 * Headings appear once a role has entries in more than one group (a learner's single list needs none).
 */
export function NavLinks({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const groups = navigationGroupsFor(role);
  const activeHref = activeNavHref(
    usePathname(),
    groups.flatMap((group) => group.entries),
  );
  const headed = groups.length > 1;
  return (
    <nav aria-label="Main navigation" data-scorm-keep-visible="sidebar">
      {groups.map(({ group, label, entries }) => (
        <div key={group} className={styles.navGroup}>
          {headed && (
            <h2 id={`nav-group-${group}`} className={styles.navHeading}>
              {label}
            </h2>
          )}
          <ul className={styles.navList} aria-labelledby={headed ? `nav-group-${group}` : undefined}>
            {entries.map((entry) =>
              entry.href === REPORTS_PAGE ? (
                <ReportsNavItem
                  key={entry.href}
                  entry={entry}
                  isActive={entry.href === activeHref}
                  onNavigate={onNavigate}
                />
              ) : (
                <NavItem key={entry.href} entry={entry} isActive={entry.href === activeHref} onClick={onNavigate} />
              ),
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}

interface NavItemProps {
  entry: NavEntry;
  isActive: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Busy: the entry is disabled, shows a spinner for its icon and `busyLabel` for its label. */
  busyLabel?: string;
}

function NavItem({ entry, isActive, onClick, busyLabel }: NavItemProps) {
  const isBusy = busyLabel !== undefined;
  return (
    <li>
      <Link
        href={entry.href}
        className={styles.navItem}
        aria-current={isActive ? "page" : undefined}
        aria-busy={isBusy || undefined}
        aria-disabled={isBusy || undefined}
        tabIndex={isBusy ? -1 : undefined}
        onClick={onClick}
      >
        <span className={styles.navIcon}>
          {isBusy ? (
            <span className={styles.spinner} aria-hidden data-testid="nav-spinner" />
          ) : (
            <Icon name={entry.icon} />
          )}
        </span>
        <span className={styles.navLabel}>{busyLabel ?? entry.label}</span>
      </Link>
    </li>
  );
}

/**
 * The spec (docs/specification.md "Routes and navigation"): clicking Reports first refreshes the report data; while that runs the entry is
 * disabled and reads 'Refreshing Reports...' with a spinner; then on to the reports, whether the refresh
 * worked or not. A click meant for a new tab or window just opens the page.
 */
function ReportsNavItem({
  entry,
  isActive,
  onNavigate,
}: {
  entry: NavEntry;
  isActive: boolean;
  onNavigate?: () => void;
}) {
  const router = useRouter();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (isRefreshing) return;
    setIsRefreshing(true);
    await refreshReports();
    setIsRefreshing(false);
    onNavigate?.();
    router.push(REPORTS_PAGE);
    // Already there: push keeps the page as it is, so ask the server for the refreshed figures.
    if (window.location.pathname === REPORTS_PAGE && !window.location.search) router.refresh();
  };
  return (
    <NavItem
      entry={entry}
      isActive={isActive}
      onClick={onClick}
      busyLabel={isRefreshing ? REFRESHING_LABEL : undefined}
    />
  );
}
