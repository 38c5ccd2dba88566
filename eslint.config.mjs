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

// Two ways to query PostgreSQL (docs/architecture.md "Two ways to reach the database"): the Prisma model
// API, and `queryRows` (lib/db.ts) with a `Prisma.sql` template, whose interpolations are bound
// parameters. These selectors keep every other way out: Prisma's raw doors, raw text in a Prisma.sql
// fragment, and SQL text put together in a string.
const UNSAFE_RAW = [
  {
    selector: "MemberExpression[property.name=/^\\$(query|execute)Raw(Unsafe|Typed)$/]",
    message:
      "No $queryRawUnsafe / $executeRawUnsafe: write the statement as a Prisma.sql template and run it with queryRows (lib/db.ts).",
  },
  {
    selector: "MemberExpression[property.value=/^\\$(query|execute)Raw/]",
    message: "No raw Prisma query through a computed property: use queryRows (lib/db.ts) with a Prisma.sql template.",
  },
  {
    selector: "ObjectPattern > Property[key.name=/^\\$(query|execute)Raw/]",
    message: "No raw Prisma query taken out of the client: use queryRows (lib/db.ts) with a Prisma.sql template.",
  },
];
const PRISMA_RAW = [
  {
    selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw)$/]",
    message:
      "Hand-written SQL goes through queryRows (lib/db.ts): queryRows(Prisma.sql`…`), or queryRows(Prisma.sql`…`, tx) in a transaction.",
  },
];
const RAW_TEXT = [
  {
    selector:
      "CallExpression[callee.object.name='Prisma'][callee.property.name='raw']:not([arguments.0.type='Literal'])",
    message:
      "Prisma.raw takes a string constant only: a value goes in as ${value} in a Prisma.sql template (a bound parameter).",
  },
  ...[1, 2, 3].map((at) => ({
    selector: `CallExpression[callee.object.name='Prisma'][callee.property.name='join'][arguments.length>${at}]:not([arguments.${at}.type='Literal'])`,
    message: "Prisma.join's separator, prefix and suffix are SQL text: string constants only.",
  })),
];
const SQL_TEXT = [
  {
    selector:
      "TemplateLiteral[expressions.length>0][quasis.0.value.raw=/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|COPY)\\s/]:not(TaggedTemplateExpression > TemplateLiteral)",
    message:
      "No SQL put together in a string: write a Prisma.sql template (values are bound parameters) and run it with queryRows.",
  },
  ...[
    "[arguments.0.type='TemplateLiteral'][arguments.0.expressions.length>0]",
    "[arguments.0.type='BinaryExpression']",
  ].map((argument) => ({
    selector: `CallExpression:matches([callee.property.name='query'], [callee.name=/^(copyOut|copyTo|copyFrom)$/])${argument}`,
    message:
      "No SQL put together in a string: write a Prisma.sql template (values are bound parameters) and run it with queryRows.",
  })),
];

// SQL text whose names or values are put between quotes by hand (`"${table}"`, `'${value}'`): a name goes
// through quoteIdent (server/database/pg-url.ts) or the catalog's quote_ident/format('%I'), a value is bound.
const HAND_QUOTED = [
  {
    selector:
      "TemplateLiteral[quasis.0.value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH|COPY|ALTER|CREATE|DROP|COMMENT|VACUUM|ANALYZE|TRUNCATE|GRANT|REINDEX)\\s/]:has(TemplateElement[tail=false][value.raw=/[\"']$/])",
    message:
      "No name or value quoted by hand in SQL: quoteIdent(name) (server/database/pg-url.ts) or the catalog's quoting for a name, a bound parameter for a value.",
  },
];

/** The shell and the shared zero-runtime parts: drawn on every signed-in page. */
// What every page, or the learner's busiest page, draws: from CSS modules, so that these pages load no
// MUI and no emotion (components/providers/mui-providers.tsx says where MUI is put in place instead).
const ZERO_RUNTIME_FILES = [
  "components/ui/**",
  "components/shell/**",
  "components/theme/color-scheme*",
  "components/learning/{learner-dashboard,course-card,progress-summary,course-outline,course-navigation,lesson-title}.tsx",
  "components/learning/{enrollment-panel,enroll-button,leave-course-button,back-to-course-button,rich-text}.tsx",
  "components/learning/{lesson-pager,mark-complete-button,preview-notice,video-lesson}.tsx",
  "components/certificates/my-certificates.tsx",
  "components/courses/{course-table,course-list}.tsx",
  "components/reports/{overview-view,metric-cards,report-charts,report-tabs,report-frame,report-filter-error,reports-loading}.tsx",
  "components/reports/{report-filters,day-filter}.tsx",
  "components/organizations/organization-search.ts",
  "components/messages/{inbox,thread-list,thread-view,message-item,message-time,reply-form,people}.tsx",
  "components/calendar/{calendar-panel,calendar-view,calendar-toolbar,zoned}.tsx",
  "components/calendar/{calendar-theme,calendar-entries,occurrence-time}.ts",
  "components/settings/{settings-tabs,settings-card,settings-fields,general-settings,general-settings-editor}.tsx",
  "components/settings/teaching-settings-view.tsx",
  "components/settings/{use-settings-form,settings-sections}.ts",
  "components/messages/use-live-thread.ts",
  "components/data/linked-text.tsx",
  "components/hooks/use-search-text.ts",
];
// The pages and layouts among them (pages may call server code, as every page does).
const ZERO_RUNTIME_PAGES = [
  "app/{layout,error,global-error,not-found,forbidden,unauthorized}.tsx",
  "app/(app)/layout.tsx",
  "components/shell/signed-in-frame.tsx",
  "app/(app)/dashboard/**",
  "app/(app)/courses/forbidden.tsx",
  "app/(app)/courses/[courseId]/{page,learn/page,modules/**/page}.tsx",
  "app/admin/reports/{layout,page,loading}.tsx",
  "app/(app)/{messages,calendar}/**",
  "app/admin/{courses,users}/page.tsx",
  "app/admin/settings/{page,settings-frame}.tsx",
];
// The public pages' frame.
const ZERO_RUNTIME_EXCEPTIONS = ["components/shell/public-layout.tsx"];
const ZERO_RUNTIME_MESSAGE =
  "Drawn from CSS modules on the theme's variables, so the page loads no MUI: use a *.module.css class, not MUI or sx.";

// Links go through components/navigation/link.tsx: a plain anchor the app router opens in place (the file says why).
const NEXT_LINK = {
  name: "next/link",
  message: "Import Link from @/components/navigation/link: a plain anchor that the app router opens in place.",
};

// The Data Grid goes through components/data/data-grid.tsx: rendered in the browser only (the file says why).
const DATA_GRID = {
  name: "@mui/x-data-grid",
  importNames: ["DataGrid"],
  message: "Import DataGrid from @/components/data/data-grid: the grid renders once the page is in the browser.",
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
  { rules: { "no-restricted-syntax": ["error", ...UNSAFE_RAW, ...PRISMA_RAW, ...RAW_TEXT, ...SQL_TEXT] } },
  // The one door: queryRows runs a Prisma.sql template through tx.$queryRaw inside a transaction.
  { files: ["lib/db.ts"], rules: { "no-restricted-syntax": ["error", ...UNSAFE_RAW, ...RAW_TEXT, ...SQL_TEXT] } },
  // Database tooling (creating databases, the bulk loader's DDL and COPY): identifiers, which no bound
  // parameter can carry, quoted with quoteIdent or taken from the catalog; never quoted by hand.
  {
    files: ["scripts/**", "server/database/**"],
    rules: { "no-restricted-syntax": ["error", ...UNSAFE_RAW, ...PRISMA_RAW, ...RAW_TEXT, ...HAND_QUOTED] },
  },
  // Server code logs through the logger (lib/log/logger.ts), whose lines carry the request's or job's id.
  // Browser code under lib/ has no logger: a console call there says why it stays. server/database/ is
  // tooling shared with the developer's scripts, which print to a terminal, and the two checks that run
  // before the environment is read (the logger reads it) print their refusal themselves.
  { files: ["lib/**", "server/**"], rules: { "no-console": "error" } },
  {
    files: ["server/database/**", "server/production-config.ts", "server/runtime-env.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: ["components/**", "lib/client/**", "lib/scorm/runtime/**"],
    ignores: ["components/data/data-grid.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [NEXT_LINK, DATA_GRID], patterns: [SERVER_ONLY, PRISMA] },
      ],
    },
  },
  {
    files: ["app/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [NEXT_LINK, DATA_GRID], patterns: [PRISMA] }],
    },
  },
  // The parts every page draws, and the learner's dashboard, are CSS modules on the theme's variables, never
  // emotion: no MUI component (each instance costs styles on every render and its code on every load) and
  // no `sx` (docs/architecture.md "Styles").
  {
    files: ZERO_RUNTIME_FILES,
    ignores: ZERO_RUNTIME_EXCEPTIONS,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [NEXT_LINK], patterns: [SERVER_ONLY, PRISMA, { group: ["@mui/*"], message: ZERO_RUNTIME_MESSAGE }] },
      ],
      "no-restricted-syntax": ["error", { selector: "JSXAttribute[name.name='sx']", message: ZERO_RUNTIME_MESSAGE }],
    },
  },
  {
    files: ZERO_RUNTIME_PAGES,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [NEXT_LINK], patterns: [PRISMA, { group: ["@mui/*"], message: ZERO_RUNTIME_MESSAGE }] },
      ],
      "no-restricted-syntax": ["error", { selector: "JSXAttribute[name.name='sx']", message: ZERO_RUNTIME_MESSAGE }],
    },
  },
  globalIgnores([
    ".next/**",
    "scripts/bench/page-floor/.next/**",
    ".data/**",
    "public/scorm/**",
    "lib/generated/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
