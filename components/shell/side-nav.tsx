"use client";

import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { NAV_ICONS } from "@/components/shell/nav-icons";
import { TOP_BAR_HEIGHT } from "@/components/shell/top-bar";
import { activeNavHref, navigationFor, type NavEntry, type Role } from "@/lib/routes";

export const SIDE_NAV_WIDTH = 240;

export interface SideNavProps {
  role: Role;
  /** Small screens: whether the temporary drawer is open. */
  isMobileOpen: boolean;
  onMobileClose: () => void;
}

function NavLinks({ entries, activeHref, onNavigate }: { entries: NavEntry[]; activeHref: string | undefined; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main navigation" data-scorm-keep-visible="sidebar">
      <List>
        {entries.map((entry) => {
          const Icon = NAV_ICONS[entry.icon];
          const isActive = entry.href === activeHref;
          return (
            <ListItem key={entry.href} disablePadding>
              <ListItemButton
                component={Link}
                href={entry.href}
                selected={isActive}
                aria-current={isActive ? "page" : undefined}
                onClick={onNavigate}
                sx={{ mx: 1, borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: isActive ? "primary.main" : undefined }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={entry.label} slotProps={{ primary: { sx: { fontWeight: isActive ? 500 : undefined } } }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
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
