import type { ReactNode } from "react";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import { SavedThemeMode } from "@/components/shell/saved-theme-mode";
import styles from "@/components/shell/shell.module.css";
import { SideNav } from "@/components/shell/side-nav";
import { TopBar } from "@/components/shell/top-bar";
import type { ShellUser } from "@/components/shell/types";

export interface AppShellProps {
  user: ShellUser;
  children: ReactNode;
}

/**
 * The signed-in frame: top bar, the role's side navigation and the page in <main>. Drawn on the server
 * from CSS modules; only the parts a person works (navigation, mode, messages, account) are client islands.
 */
export function AppShell({ user, children }: AppShellProps) {
  return (
    <div className={styles.frame}>
      <SavedThemeMode saved={user.themeMode} />
      <TopBar user={user} />
      <SideNav role={user.role} />
      <main className={styles.main}>
        <MaintenanceBanner />
        {children}
      </main>
    </div>
  );
}
