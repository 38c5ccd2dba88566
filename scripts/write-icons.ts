import { writeFileSync } from "node:fs";
import { ICON_STYLESHEET_FILE, iconStylesheet } from "../components/ui/icon-stylesheet";

// npx tsx scripts/write-icons.ts: writes the icons' stylesheet after a name was added to
// components/ui/icon-sources.ts (a unit test fails until it is run).
writeFileSync(ICON_STYLESHEET_FILE, await iconStylesheet());
console.log(`Wrote ${ICON_STYLESHEET_FILE}.`);
