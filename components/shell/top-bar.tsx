"use client";

import DarkModeIcon from "@mui/icons-material/DarkMode";
import ForumIcon from "@mui/icons-material/Forum";
import LightModeIcon from "@mui/icons-material/LightMode";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import type { Theme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { useId } from "react";
import { BrandLogo } from "@/components/shell/brand-logo";
import { useThemeChoice } from "@/components/shell/theme-mode";
import type { ShellUser } from "@/components/shell/types";
import { UserMenu } from "@/components/shell/user-menu";
import { visuallyHidden } from "@/components/shell/visually-hidden";
import { useUnreadCount } from "@/lib/client/unread-count";

export const TOP_BAR_HEIGHT = 64;

function ModeToggle() {
  const theme = useThemeChoice();
  const isDark = theme.current === "dark";
  // Both icons are rendered and the colour-scheme class picks one, so the right icon shows on the
  // first paint even before React knows the mode.
  const showIn = (scheme: "light" | "dark") => (theme: Theme) => ({
    display: scheme === "light" ? "block" : "none",
    ...theme.applyStyles("dark", { display: scheme === "dark" ? "block" : "none" }),
  });
  return (
    <IconButton
      color="inherit"
      aria-label={isDark ? "Switch to light mode" : "Switch to dark mode"}
      // Until the page knows the mode, a click could not be acted on (and the label might be wrong).
      disabled={!theme.known}
      // Saved with the account too; if that fails, this browser keeps the choice all the same.
      onClick={() => void theme.choose(isDark ? "light" : "dark").catch(() => undefined)}
    >
      <DarkModeIcon sx={showIn("light")} />
      <LightModeIcon sx={showIn("dark")} />
    </IconButton>
  );
}

function MessagesButton() {
  const count = useUnreadCount({ enabled: true });
  const countId = useId();
  return (
    <IconButton
      color="inherit"
      component={Link}
      href="/messages"
      aria-label="Messages"
      aria-describedby={count > 0 ? countId : undefined}
    >
      <Badge badgeContent={count} color="error" max={99} invisible={count === 0}>
        <ForumIcon />
      </Badge>
      {count > 0 && (
        <Box component="span" id={countId} sx={visuallyHidden}>
          {count} unread
        </Box>
      )}
    </IconButton>
  );
}

export interface TopBarProps {
  user: ShellUser;
  isNavOpen: boolean;
  onNavToggle: () => void;
}

export function TopBar({ user, isNavOpen, onNavToggle }: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        height: TOP_BAR_HEIGHT,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: "background.paper",
      }}
    >
      <Toolbar sx={{ height: TOP_BAR_HEIGHT, minHeight: TOP_BAR_HEIGHT, gap: 1.5 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          aria-expanded={isNavOpen}
          onClick={onNavToggle}
          sx={{ display: { md: "none" } }}
        >
          <MenuIcon />
        </IconButton>
        <Link href="/" style={{ display: "flex" }}>
          <BrandLogo />
        </Link>
        <Typography component="span" variant="h6" noWrap sx={{ display: { xs: "none", sm: "block" }, fontWeight: 500 }}>
          Learning Management
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <ModeToggle />
        <MessagesButton />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
