"use client";

import Box from "@mui/material/Box";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { useState, type ReactNode } from "react";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import { SIDE_NAV_WIDTH, SideNav } from "@/components/shell/side-nav";
import { useSavedThemeMode } from "@/components/shell/theme-mode";
import { TOP_BAR_HEIGHT, TopBar } from "@/components/shell/top-bar";
import type { ShellUser } from "@/components/shell/types";

export interface AppShellProps {
  user: ShellUser;
  children: ReactNode;
}

/** The signed-in frame: top bar, the role's side navigation and the page in <main>. */
export function AppShell({ user, children }: AppShellProps) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up("md"));
  const [isNavOpen, setIsNavOpen] = useState(false);
  useSavedThemeMode(user.themeMode);
  // Growing the window past the breakpoint hides the modal drawer; it must not stay open (and keep
  // the page scroll-locked and focus-trapped) behind the permanent one.
  const isMobileNavOpen = isNavOpen && !isDesktop;

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <TopBar user={user} isNavOpen={isMobileNavOpen} onNavToggle={() => setIsNavOpen((open) => !open)} />
      <SideNav role={user.role} isMobileOpen={isMobileNavOpen} onMobileClose={() => setIsNavOpen(false)} />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          mt: `${TOP_BAR_HEIGHT}px`,
          width: { md: `calc(100% - ${SIDE_NAV_WIDTH}px)` },
          p: { xs: 2, sm: 3 },
        }}
      >
        <MaintenanceBanner />
        {children}
      </Box>
    </Box>
  );
}
