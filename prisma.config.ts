// The CLI only needs to believe a schema engine exists for generate/validate/format; migrations run
// through Prisma's WebAssembly schema engine in scripts/db (no native engine binary can be downloaded here).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";

import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
