"use client";

import CircularProgress from "@mui/material/CircularProgress";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState, type MouseEvent } from "react";
import { NAV_ICONS } from "@/components/shell/nav-icons";
import { TOP_BAR_HEIGHT } from "@/components/shell/top-bar";
import { refreshReports, REPORTS_PAGE } from "@/lib/client/reports";
import { activeNavHref, navigationFor, type NavEntry, type Role } from "@/lib/routes";

export const SIDE_NAV_WIDTH = 240;
/** The Reports entry's label while the report data refreshes (exactly as the spec has it: docs/specification.md "Routes and navigation"). */
export const REFRESHING_LABEL = "Refreshing Reports...";

export interface SideNavProps {
  role: Role;
  /** Small screens: whether the temporary drawer is open. */
  isMobileOpen: boolean;
  onMobileClose: () => void;
}

function NavLinks({
  entries,
  activeHref,
  onNavigate,
}: {
  entries: NavEntry[];
  activeHref: string | undefined;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Main navigation" data-scorm-keep-visible="sidebar">
      <List>
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
      </List>
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
  const Icon = NAV_ICONS[entry.icon];
  const isBusy = busyLabel !== undefined;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        href={entry.href}
        selected={isActive}
        aria-current={isActive ? "page" : undefined}
        aria-busy={isBusy || undefined}
        disabled={isBusy}
        onClick={onClick}
        sx={{ mx: 1, borderRadius: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: isActive ? "primary.main" : undefined }}>
          {isBusy ? <CircularProgress size={20} aria-hidden data-testid="nav-spinner" /> : <Icon />}
        </ListItemIcon>
        <ListItemText
          primary={busyLabel ?? entry.label}
          slotProps={{ primary: { sx: { fontWeight: isActive ? 500 : undefined } } }}
        />
      </ListItemButton>
    </ListItem>
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

/**
 * The role's navigation: a permanent drawer under the top bar on desktop, a temporary (modal) drawer
 * opened from the top bar's menu button on small screens. Only one is ever visible, so there is one
 * "Main navigation" landmark at a time.
 */
export function SideNav({ role, isMobileOpen, onMobileClose }: SideNavProps) {
  const entries = navigationFor(role);
  const activeHref = activeNavHref(usePathname(), entries);
  const paper = { width: SIDE_NAV_WIDTH, boxSizing: "border-box" } as const;
  return (
    <>
      <Drawer
        variant="temporary"
        open={isMobileOpen}
        onClose={onMobileClose}
        // Above the app bar (which sits over the permanent drawer), like any other modal.
        sx={{ display: { xs: "block", md: "none" }, zIndex: "modal" }}
        slotProps={{ paper: { sx: paper } }}
      >
        <NavLinks entries={entries} activeHref={activeHref} onNavigate={onMobileClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: "none", md: "block" }, width: SIDE_NAV_WIDTH, flexShrink: 0 }}
        slotProps={{ paper: { sx: { ...paper, top: TOP_BAR_HEIGHT, height: `calc(100% - ${TOP_BAR_HEIGHT}px)` } } }}
      >
        <NavLinks entries={entries} activeHref={activeHref} />
      </Drawer>
    </>
  );
}
