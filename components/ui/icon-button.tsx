import { Icon, type IconName } from "./icon";
import styles from "./controls.module.css";

/** MUI's IconButton, drawn without runtime styles; its label is its accessible name. */
export function IconButton({ icon, label, onClick }: { icon: IconName; label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  );
}
