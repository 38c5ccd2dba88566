"use client";

import styles from "@/components/navigation/navigation.module.css";
import { useNavigationUnderWay } from "@/components/navigation/use-navigation";
import { LinearProgress } from "@/components/ui/linear-progress";

/** A bar along the top of the window while the next page is on its way; shown only when that takes a moment. */
export function NavigationProgress() {
  if (!useNavigationUnderWay()) return null;
  return (
    <div className={styles.progress}>
      <LinearProgress label="Loading the page" />
    </div>
  );
}
