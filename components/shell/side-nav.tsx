import { NavLinks } from "@/components/shell/nav-links";
import styles from "@/components/shell/shell.module.css";
import type { Role } from "@/lib/routes";

/** The role's navigation beside the page on wide screens (small screens open it from the top bar). */
export function SideNav({ role }: { role: Role }) {
  return (
    <aside className={styles.sideNav}>
      <div className={styles.sideNavPanel}>
        <NavLinks role={role} />
      </div>
    </aside>
  );
}
