import { ReadOnlyNotice } from "@/components/shell/read-only-notice";
import { STRENGTH_LABELS } from "@/lib/password-policy";
import type { TeachingSettings } from "@/lib/schemas/organization-settings";
import styles from "./settings.module.css";

const onOff = (on: boolean) => (on ? "On" : "Off");

/** What instructors and org admins find under /admin/settings: the settings that concern teaching, read-only. */
export function TeachingSettingsView({ settings }: { settings: TeachingSettings }) {
  const { courseDefaults, passwordPolicy } = settings;
  return (
    <>
      <ReadOnlyNotice what="the organization's settings">Here are those that concern teaching.</ReadOnlyNotice>
      <section className={`${styles.card} ${styles.spaced}`} aria-label="Default course settings">
        <h2 className={styles.title}>Default course settings</h2>
        <p className={styles.readOnlyDescription}>What a new course starts with; you can change them per course.</p>
        <ul className={styles.list}>
          <Item primary="Learners may enroll themselves" secondary={onOff(courseDefaults.allowSelfEnrollment)} />
          <Item primary="Learners may retake a completed SCORM lesson" secondary={onOff(courseDefaults.allowRetakes)} />
        </ul>
      </section>
      <section className={styles.card} aria-label="Password policy">
        <h2 className={styles.title}>Password policy</h2>
        <p className={styles.readOnlyDescription}>
          What every password in the organization must meet, yours and your learners&apos;.
        </p>
        <ul className={styles.list}>
          <Item primary="Minimum length" secondary={`${passwordPolicy.minLength} characters`} />
          <Item
            primary="Minimum strength"
            secondary={`${passwordPolicy.minStrength} – ${STRENGTH_LABELS[passwordPolicy.minStrength]}`}
          />
        </ul>
      </section>
    </>
  );
}

/** A setting and its value, as MUI's dense ListItem with a two-line ListItemText. */
function Item({ primary, secondary }: { primary: string; secondary: string }) {
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.itemPrimary}>{primary}</span>
        <p className={styles.itemSecondary}>{secondary}</p>
      </div>
    </li>
  );
}
