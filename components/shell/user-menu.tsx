"use client";

import LogoutIcon from "@mui/icons-material/Logout";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import ClickAwayListener from "@mui/material/ClickAwayListener";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import MenuList from "@mui/material/MenuList";
import Paper from "@mui/material/Paper";
import Popper from "@mui/material/Popper";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useOrigin } from "@/components/hooks/use-browser";
import { avatarInitial, avatarSrc, displayName } from "@/components/shell/display";
import type { ShellUser } from "@/components/shell/types";
import { roleLabel } from "@/lib/routes";

// Long enough to cross the small gap between the button and the menu without it closing.
const HOVER_CLOSE_DELAY_MS = 200;

/** Ends the session here, then on at the identity provider when it was signed in through one (single logout). */
async function logout(): Promise<void> {
  let next = "/login";
  try {
    const res = await fetch("/auth/logout", { method: "POST", credentials: "same-origin" });
    const body = (await res.json()) as { redirectTo?: unknown };
    if (res.ok && typeof body.redirectTo === "string") next = body.redirectTo;
  } catch {
    // The login page, then: the session cookie is gone or the next page asks to sign in again.
  }
  // Cached data and per-tab state belong to this user: drop them even if the sign-out request failed.
  localStorage.removeItem("api_cache");
  sessionStorage.clear();
  // A full load, not a client navigation, so no client state of the old session survives.
  window.location.assign(next);
}

export function UserMenu({ user }: { user: ShellUser }) {
  const name = displayName(user);
  const src = avatarSrc(user.avatarUrl, useOrigin());
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  // Opened by click or keyboard: focus moves into the menu. Opened by hover: focus stays put.
  const [focusesItems, setFocusesItems] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const menuRef = useRef<HTMLUListElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const open = (withFocus: boolean) => {
    cancelClose();
    setFocusesItems(withFocus);
    setIsOpen(true);
  };
  const close = () => {
    cancelClose();
    // Unmounting the menu would drop focus onto <body>; hand it back to the trigger instead.
    if (menuRef.current?.contains(document.activeElement)) anchor?.focus();
    setIsOpen(false);
  };

  // Touch and pen taps also fire pointerenter just before click; only a real mouse hovers.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    if (isOpen) cancelClose();
    else open(false);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    closeTimer.current = window.setTimeout(close, HOVER_CLOSE_DELAY_MS);
  };

  const onButtonClick = () => {
    // Clicking a menu that hover opened keeps it open and moves focus in; a second click closes it.
    if (isOpen && focusesItems) close();
    else open(true);
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      open(true);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      setIsOpen(false);
    }
  };

  const onLogout = () => {
    setIsLoggingOut(true);
    void logout();
  };

  return (
    <>
      <ButtonBase
        ref={setAnchor}
        id={buttonId}
        aria-label={`Account menu for ${name}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        sx={{
          gap: 1.5,
          px: 1,
          py: 0.5,
          borderRadius: 2,
          textAlign: "left",
          "&.Mui-focusVisible": { outline: 2, outlineColor: "primary.main" },
        }}
      >
        <Avatar
          src={src ?? undefined}
          alt=""
          sx={{ width: 40, height: 40, bgcolor: "primary.main", color: "primary.contrastText" }}
        >
          {avatarInitial(user)}
        </Avatar>
        <Box sx={{ display: { xs: "none", sm: "block" }, maxWidth: 200 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography variant="caption" noWrap component="p" sx={{ color: "text.secondary" }}>
            {roleLabel(user.role)}
          </Typography>
        </Box>
      </ButtonBase>
      {/* Not portalled: the menu stays inside the header landmark and above the drawer with the app bar. */}
      <Popper open={isOpen} anchorEl={anchor} placement="bottom-end" disablePortal>
        <ClickAwayListener onClickAway={(event) => !anchor?.contains(event.target as Node) && close()}>
          <Paper
            elevation={8}
            onPointerEnter={onPointerEnter}
            onPointerLeave={onPointerLeave}
            sx={{ minWidth: 200, mt: 0.5 }}
          >
            <MenuList
              ref={menuRef}
              id={menuId}
              aria-labelledby={buttonId}
              autoFocusItem={focusesItems}
              onKeyDown={onMenuKeyDown}
            >
              <MenuItem component={Link} href="/profile" onClick={close}>
                <ListItemIcon>
                  <ManageAccountsIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>Profile Settings</ListItemText>
              </MenuItem>
              <MenuItem onClick={onLogout} disabled={isLoggingOut}>
                <ListItemIcon>
                  <LogoutIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>Logout</ListItemText>
              </MenuItem>
            </MenuList>
          </Paper>
        </ClickAwayListener>
      </Popper>
    </>
  );
}
