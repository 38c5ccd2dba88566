// The app's faces, served with it (@fontsource, imported by the root layout): no page depends on a font
// the machine happens to have. Plain strings, so server and client components alike can use them.
export const FONT_FAMILY = ["Roboto", '"Helvetica Neue"', "Arial", "sans-serif"].join(",");
// Roboto after Roboto Mono: the signs Roboto Mono lacks (≤, ≥) come from Roboto, not the machine.
export const MONO_FONT_FAMILY = ['"Roboto Mono"', "Roboto", "monospace"].join(",");
