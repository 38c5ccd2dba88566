"use client";

import { useState } from "react";
import styles from "@/components/learning/lesson-page.module.css";
import { ButtonLabel, buttonClasses } from "@/components/ui/button";

/**
 * The attribute the toggle carries while the navigation is hidden: the shell's and the lesson page's
 * stylesheets read it (with :has()), so neither needs to be a client component to follow it.
 */
export const NAVIGATION_HIDDEN = "data-lesson-navigation";

/**
 * On a wide screen, one click hides the app's side navigation and the course outline, so the lesson's content
 * gets the page's width; one click brings them back. They are shown when a lesson opens: the specification
 * has every sidebar visible at start and again after each route change, and a lesson reached by Next lesson
 * or the outline is a new page, which starts with the toggle off. Below 900 px there is nothing to hide (the
 * app's navigation is behind the menu button, the outline follows the content), so it is not shown there.
 */
export function NavigationToggle() {
  const [hidden, setHidden] = useState(false);
  return (
    <span className={styles.navigationToggle}>
      <button
        type="button"
        className={buttonClasses("text", "small")}
        {...{ [NAVIGATION_HIDDEN]: hidden ? "hidden" : "shown" }}
        onClick={() => setHidden(!hidden)}
      >
        <ButtonLabel icon={hidden ? "menu" : "chevronLeft"} size="small">
          {hidden ? "Show navigation" : "Hide navigation"}
        </ButtonLabel>
      </button>
    </span>
  );
}
