import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Server code (lib/server services, lib/auth, the database client) never reaches the browser, and the
// database is reached only through lib/server: these boundaries are checked here, and `import
// "server-only"` in those modules makes the bundler refuse them in client code as well.
const SERVER_ONLY = {
  group: [
    "@/lib/server/*",
    "@/lib/auth/*",
    "@/lib/db",
    "@/lib/http",
    "@/lib/tenancy/organization",
    "@/lib/mail",
    "@/lib/storage/*",
    "@/lib/net/egress-guard",
  ],
  allowTypeImports: true,
  message:
    "UI and browser code must not import server code: take the data as props, or call the API through lib/client.",
};
const PRISMA = {
  group: ["@/lib/db", "@/lib/generated/*", "@prisma/*", "pg"],
  message:
    "Only lib/server (and lib/auth, lib/tenancy) reach the database: call a service that takes the TenantContext.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // `_name` marks a value destructured away on purpose (e.g. a password hash kept off a response).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["components/**", "lib/client/**", "lib/scorm/runtime/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_ONLY, PRISMA] }] },
  },
  {
    files: ["app/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [PRISMA] }] },
  },
  globalIgnores([
    ".next/**",
    ".data/**",
    "public/scorm/**",
    "lib/generated/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
