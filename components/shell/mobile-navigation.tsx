"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { NavLinks } from "@/components/shell/nav-links";
import styles from "@/components/shell/shell.module.css";
import { Icon } from "@/components/ui/icon";
import type { Role } from "@/lib/routes";

/** The wide screens' side navigation appears at this width; the modal one must not stay open past it. */
const WIDE_SCREEN = "(min-width: 900px)";

/**
 * Small screens: the top bar's menu button opens the role's navigation as a modal panel (a <dialog>: the
 * page behind is inert, Escape and a click outside close it). Only one navigation is ever visible, so there
 * is one "Main navigation" landmark at a time.
 */
export function MobileNavigation({ role }: { role: Role }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Open on the page it was opened on: any navigation closes it.
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const setIsOpen = (open: boolean) => setOpenOn(open ? pathname : null);

  useEffect(() => {
    const panel = dialog.current;
    if (!panel) return;
    if (isOpen && !panel.open) {
      panel.showModal();
      // The panel itself takes focus, as a drawer does, not its first link (which would look selected).
      panel.focus();
    }
    if (!isOpen && panel.open) panel.close();
  }, [isOpen]);

  // Growing the window past the breakpoint closes it.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const onChange = () => wide.matches && setOpenOn(null);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  return (
    <>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.menuButton}`}
        aria-label="Open navigation"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(!isOpen)}
      >
        <Icon name="menu" />
      </button>
      <dialog
        ref={dialog}
        className={styles.mobileNav}
        aria-label="Navigation"
        tabIndex={-1}
        onClose={() => setIsOpen(false)}
        // A click on the backdrop lands on the dialog itself, outside its content.
        onClick={(event) => event.target === event.currentTarget && setIsOpen(false)}
      >
        {isOpen && (
          <div className={styles.mobileNavBody}>
            <NavLinks role={role} onNavigate={() => setIsOpen(false)} />
          </div>
        )}
      </dialog>
    </>
  );
}
