// The pages `npm run bench:web` puts through Lighthouse, who sees them, on which presets, and the targets
// each must reach.

export type Preset = "mobile" | "desktop";
/** Who is signed in; "nobody" for the page floor, which has no sign-in. */
export type Viewer = "learner" | "admin" | "nobody";

export interface WebPage {
  key: string;
  /** The route as the table names it. */
  label: string;
  viewer: Viewer;
  presets: Preset[];
  /** The JavaScript a cold load of the page may transfer (compressed bytes), where the page has a ceiling. */
  scriptMaxBytes?: number;
  /** Its HTML, unpacked (styles, inline data and markup together), where the page has a ceiling. */
  htmlMaxBytes?: number;
  /** A reference, not the app: its figures have no targets. */
  reference?: boolean;
}

/**
 * The page floor of `npm run bench` (a minimal Next.js app of the same version: a bare layout and a page that
 * renders a 40-item list on the server, no script of its own): what Lighthouse gives the framework alone on
 * this machine, so that the app's scores read against what Next.js and React allow here.
 */
export const FLOOR_PAGE: WebPage = {
  key: "floor",
  label: "page floor (a minimal Next.js page)",
  viewer: "nobody",
  presets: ["mobile", "desktop"],
  reference: true,
};

export const WEB_PAGES: WebPage[] = [
  {
    key: "dashboard",
    label: "/dashboard",
    viewer: "learner",
    presets: ["mobile"],
    scriptMaxBytes: 200_000,
    htmlMaxBytes: 50_000,
  },
  { key: "course", label: "/courses/{id}", viewer: "learner", presets: ["mobile"] },
  { key: "lesson", label: "/courses/{id}/modules/{id}/lessons/{id}", viewer: "learner", presets: ["mobile"] },
  {
    key: "reports",
    label: "/admin/reports",
    viewer: "admin",
    presets: ["desktop", "mobile"],
    scriptMaxBytes: 400_000,
  },
];

/** Minimum Lighthouse scores (0–100). */
export interface ScoreTargets {
  performance: number;
  accessibility: number;
  bestPractices: number;
}

export function scoreTargets(viewer: Viewer, preset: Preset): ScoreTargets {
  const performance = viewer === "learner" ? 95 : preset === "desktop" ? 95 : 90;
  return { performance, accessibility: 100, bestPractices: 95 };
}

/** Runs per page and preset; every figure is the median of its runs. */
export const RUNS = 3;
