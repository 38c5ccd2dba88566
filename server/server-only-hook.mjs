// `import "server-only"` marks lib/server, lib/auth and lib/db.ts: Next's bundler refuses them in client
// code and resolves the package to nothing on the server. Plain Node (tsx scripts, the custom server's
// fast path, Playwright's workers) would load the package's throwing entry instead, so every process
// that runs our server code outside Next's bundle starts with this hook (`node --import`, `tsx --import`):
// it resolves "server-only" to an empty module. Vitest does the same with an alias (vitest.config.ts).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(
      'export async function resolve(specifier, context, next) { return specifier === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(specifier, context); }',
    ),
);
