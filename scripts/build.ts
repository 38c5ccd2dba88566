import { runBuild } from "./lib/build";

// npm run build: the SCORM runtime's script, then `next build` (scripts/lib/build.ts).
runBuild();
