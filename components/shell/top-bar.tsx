import Link from "@/components/navigation/link";
import { BrandLogo } from "@/components/shell/brand-logo";
import { MessagesButton } from "@/components/shell/messages-button";
import { MobileNavigation } from "@/components/shell/mobile-navigation";
import { ModeToggle } from "@/components/shell/mode-toggle";
import styles from "@/components/shell/shell.module.css";
import type { ShellUser } from "@/components/shell/types";
import { UserMenu } from "@/components/shell/user-menu";

export function TopBar({ user }: { user: ShellUser }) {
  return (
    <header className={styles.topBar}>
      <MobileNavigation role={user.role} />
      <Link href="/" className={styles.brand}>
        <BrandLogo />
      </Link>
      <span className={styles.title}>Learning Management</span>
      <span className={styles.spacer} />
      <ModeToggle />
      <MessagesButton />
      <UserMenu user={user} />
    </header>
  );
}
