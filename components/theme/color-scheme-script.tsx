/** Where the chosen light/dark mode lives in localStorage (MUI's provider reads the same key). */
export const MODE_STORAGE_KEY = "mui-mode";

/** The mode of a first visit: light, not the OS preference, so the server's HTML and the first paint agree. */
export const DEFAULT_MODE = "light";

// What MUI's InitColorSchemeScript does for a class selector, without MUI: the stored mode's class on <html>.
const SCRIPT = `(function(){try{var m=localStorage.getItem(${JSON.stringify(MODE_STORAGE_KEY)})||${JSON.stringify(DEFAULT_MODE)};var s=m==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):m;if(s!=="light"&&s!=="dark")return;var e=document.documentElement;e.classList.remove("light","dark");e.classList.add(s)}catch(e){}})();`;

/** Applies the stored light/dark choice before the first paint; it carries the page's CSP nonce. */
export function ColorSchemeScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
