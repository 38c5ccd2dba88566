// WCAG 2.x contrast, for an organization's primary colour. Pure: the branding form and the server
// run the same check.

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** The product's own colour, used when an organization has chosen none. */
export const DEFAULT_PRIMARY_COLOR = "#0A66C2";
/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
const WHITE = "#FFFFFF";
/** MUI's dark-mode page background. */
const DARK_BACKGROUND = "#121212";

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Relative luminance (WCAG 2.x definition). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export type BrandColorCheck = { ok: true; ratio: number } | { ok: false; ratio: number; message: string };

/**
 * The primary colour carries white text (filled buttons, the selected navigation entry) and is itself
 * text on the white page (links, outlined buttons): both are the same pair, so one ratio decides.
 */
export function checkBrandColor(hex: string): BrandColorCheck {
  const ratio = Math.floor(contrastRatio(hex, WHITE) * 100) / 100;
  if (ratio >= AA_CONTRAST) return { ok: true, ratio };
  return {
    ok: false,
    ratio,
    message: `White text on ${hex.toUpperCase()} has a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs at least ${AA_CONTRAST}:1. Choose a darker colour.`,
  };
}

function mix(hex: string, toward: string, amount: number): string {
  const from = channels(hex);
  const to = channels(toward);
  const mixed = from.map((c, i) => Math.round(c + (to[i]! - c) * amount));
  return `#${mixed
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
}

/**
 * The colour to use in dark mode: the chosen one lightened just enough to read on the dark background
 * (a colour dark enough for white text is usually too dark to read on black).
 */
export function darkModeVariant(hex: string): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(hex, WHITE, step / 20);
    if (contrastRatio(candidate, DARK_BACKGROUND) >= AA_CONTRAST) return candidate;
  }
  return WHITE;
}
