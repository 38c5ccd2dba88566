"use client";

import Link from "@/components/navigation/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useOrigin } from "@/components/hooks/use-browser";
import { avatarInitial, avatarSrc, displayName } from "@/components/shell/display";
import styles from "@/components/shell/shell.module.css";
import type { ShellUser } from "@/components/shell/types";
import { Icon } from "@/components/ui/icon";
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

/** The menu's items in order, for the arrow keys (the WAI-ARIA menu button pattern). */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? []);
}

function moveFocus(menu: HTMLElement | null, key: string): boolean {
  const items = menuItems(menu);
  if (items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next: Record<string, number> = {
    ArrowDown: (at + 1) % items.length,
    ArrowUp: (at - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const index = next[key];
  if (index === undefined) return false;
  items[index]?.focus();
  return true;
}

export function UserMenu({ user }: { user: ShellUser }) {
  const name = displayName(user);
  const src = avatarSrc(user.avatarUrl, useOrigin());
  const buttonId = useId();
  const menuId = useId();
  const [isOpen, setIsOpen] = useState(false);
  // Opened by click or keyboard: focus moves into the menu. Opened by hover: focus stays put.
  const [focusesItems, setFocusesItems] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (isOpen && focusesItems) menuItems(menuRef.current)[0]?.focus();
  }, [isOpen, focusesItems]);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const open = (withFocus: boolean) => {
    cancelClose();
    setFocusesItems(withFocus);
    setIsOpen(true);
  };
  const close = () => {
    cancelClose();
    // Unmounting the menu would drop focus onto <body>; hand it back to the trigger instead.
    if (menuRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setIsOpen(false);
  };

  // A click anywhere outside the button and the menu closes it.
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

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
    } else if (moveFocus(menuRef.current, event.key)) {
      event.preventDefault();
    }
  };

  const onLogout = () => {
    setIsLoggingOut(true);
    void logout();
  };

  return (
    <div ref={rootRef} className={styles.account} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
      <button
        ref={buttonRef}
        type="button"
        id={buttonId}
        className={styles.accountButton}
        aria-label={`Account menu for ${name}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        <span className={styles.avatar}>
          {/* eslint-disable-next-line @next/next/no-img-element -- an avatar of any origin, already small */}
          {src ? <img src={src} alt="" /> : avatarInitial(user)}
        </span>
        <span className={styles.accountText}>
          <span className={`${styles.accountName} ${styles.block}`}>{name}</span>
          <span className={`${styles.accountRole} ${styles.block}`}>{roleLabel(user.role)}</span>
        </span>
      </button>
      {/* Not portalled: the menu stays inside the header landmark, above the side navigation with the top bar. */}
      {isOpen && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          <li role="none">
            <Link href="/profile" role="menuitem" tabIndex={-1} className={styles.menuItem} onClick={close}>
              <span className={styles.menuIcon}>
                <Icon name="manageAccounts" size={20} />
              </span>
              Profile Settings
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.menuItem}
              onClick={onLogout}
              disabled={isLoggingOut}
            >
              <span className={styles.menuIcon}>
                <Icon name="logout" size={20} />
              </span>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
