import path from "node:path";
import { fileURLToPath } from "node:url";

// The repository's root holds the `next` this app is built with (the app's own version).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const config = {
  poweredByHeader: false,
  turbopack: { root },
  outputFileTracingRoot: root,
};

export default config;
