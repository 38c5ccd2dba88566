import { z } from "zod";
import { parseAddressRange } from "@/lib/net/ip-address";
import { isHostName } from "@/lib/schemas/host-name";

// The only reader of process.env. A bad environment fails start-up with a message naming the variable.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** postgres://… — the launch scripts set it to the embedded PostgreSQL when it is unset. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "DATABASE_URL must be a postgres:// URL" }).optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * postgres://… of a read replica (streaming replication of DATABASE_URL). When set, the reports' reads
   * and the CSV exports go there (lib/db.ts reportRows, readInBatches, copyOut); everything else, the
   * summaries' refresh included, stays on DATABASE_URL. Unset: everything on DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "DATABASE_REPLICA_URL must be a postgres:// URL" })
    .optional(),
  /** Tenants live on {subdomain}.{APP_DOMAIN}; the apex serves the landing page and the superadmin. */
  APP_DOMAIN: z
    .string()
    .refine(isHostName, "APP_DOMAIN must be a host name such as lms.example.com (no scheme, port or path)")
    .default("localhost"),
  /**
   * Organizations' authored content (SCORM packages) is served on {subdomain}.{CONTENT_DOMAIN}, hosts that
   * never receive a session cookie. Default content.{APP_DOMAIN}; a registrable domain of its own (as
   * lmscontent.net beside lms.example.com) also keeps the browser from treating content as same-site.
   */
  CONTENT_DOMAIN: z
    .string()
    .refine(isHostName, "CONTENT_DOMAIN must be a host name such as content.lms.example.com (no scheme, port or path)")
    .optional(),
  /** Public base URL of the apex, used to build absolute links in mails and avatar URLs. */
  APP_BASE_URL: z.url().default("http://localhost:3000"),
  NEXTAUTH_SECRET: z.string().min(32, "NEXTAUTH_SECRET must be at least 32 characters").optional(),
  /** The longest any session may last; each organization's session lifetime (its settings) decides below it. */
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 30),
  /** smtp://user:pass@host:port — without it, mails are written to MAIL_OUTBOX_DIR. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default("Learning Management <no-reply@localhost>"),
  MAIL_OUTBOX_DIR: z.string().default(".data/outbox"),
  /**
   * Addresses and CIDR blocks (comma- or space-separated, e.g. "10.0.5.25, 192.168.10.0/24, fd00::/8")
   * that connections a tenant chooses (an organization's mail server) may reach although they are not
   * public: loopback, private, link-local… are refused otherwise (lib/net/egress-guard.ts). Empty: none.
   */
  OUTBOUND_ALLOWED_ADDRESSES: z
    .string()
    .default("")
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine(
      (list) => list.every((entry) => parseAddressRange(entry)),
      "OUTBOUND_ALLOWED_ADDRESSES must list IP addresses or CIDR blocks such as 10.0.0.0/8, separated by commas",
    ),
  /** Where uploaded files live: local disk below UPLOAD_DIR (one machine), or an S3-compatible bucket (any number). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  /** Local-disk storage root for uploads (STORAGE_DRIVER=local), served below /uploads/. */
  UPLOAD_DIR: z.string().default(".data/uploads"),
  /** STORAGE_DRIVER=s3: the bucket, which must exist; credentials come from the AWS SDK's chain (AWS_ACCESS_KEY_ID…). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Another S3-compatible store than AWS (MinIO, Ceph, R2…): its http(s):// URL. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s):// URL" }).optional(),
  /** Address the bucket as a path (host/bucket/key) rather than a subdomain, as most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  THUMBNAIL_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Images in rich text (lesson text, question stems, answers, feedback), stored as WebP at most 1600 px wide. */
  CONTENT_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Organization logos (images, fitted into 236×80 PNG for the 118×40 top-bar box). */
  LOGO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /** Uploaded video and file lessons, streamed to storage (the limit is enforced while the bytes arrive). */
  LESSON_FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** SCORM packages (.zip): streamed to a temporary file, checked, then extracted below UPLOAD_DIR/scorm/. */
  SCORM_PACKAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  SCORM_PACKAGE_MAX_ENTRIES: z.coerce.number().int().positive().default(10_000),
  /** All files of one package unpacked together (zip-bomb guard, counted while extracting). */
  SCORM_PACKAGE_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  /** Unpacked ÷ packed size, per file (past 1 MiB) and for the whole package. */
  SCORM_PACKAGE_MAX_RATIO: z.coerce.number().positive().default(100),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  /** How long an invitation's set-password link stays good (lib/server/accounts/invitation.ts). */
  INVITATION_TOKEN_TTL_DAYS: z.coerce.number().int().positive().max(90).default(7),
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Messages (new threads and replies) one user may send per window. */
  MESSAGE_SEND_LIMIT: z.coerce.number().int().positive().default(30),
  MESSAGE_SEND_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60),
  /** Requests one API key may make per window (lib/auth/api-key-caller.ts); past it, a 429 with Retry-After. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  API_KEY_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** How long the link confirming a new e-mail address works. */
  EMAIL_CHANGE_TTL_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60),
  /** Set by server/app-server.ts, the supported server; plain `next start` needs TRUST_PROXY instead (instrumentation.ts). */
  LMS_APP_SERVER: z.enum(["custom"]).optional(),
  /** Answer the SCORM runtime's commits (POST /scorm/commits/{token}) in the custom server before Next (the same handler either way). */
  SCORM_COMMIT_FAST_PATH: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Run the job queue's workers in the app server's process (set false when `npm run worker` processes do it). */
  JOB_WORKERS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** json: one JSON object per line (for log collectors); pretty: colored lines for a terminal. */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** GET /metrics on the app's port answers the bearer of this token (unset: not served there). */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Serves GET /metrics without a token on this port, bound to 127.0.0.1 (one per process). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** On SIGTERM, how long requests in flight and running jobs get to finish before the process exits. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(25),
  /**
   * Behind a load balancer that keeps connections alive (nginx): on SIGTERM, how long the process goes on
   * taking requests, each answered with Connection: close, before it stops listening. Longer than the
   * balancer's idle keep-alive time (deploy/nginx.conf: 4 s), so the balancer never sends a request on a
   * kept-alive connection the process closes at that moment (a 502, never retried for a POST). 0: stop at once.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** Trust X-Forwarded-For for the client IP (only behind a proxy that sets it). */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Env = Omit<z.infer<typeof envSchema>, "CONTENT_DOMAIN"> & { CONTENT_DOMAIN: string };

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  if (parsed.data.STORAGE_DRIVER === "s3" && !parsed.data.S3_BUCKET)
    throw new Error("Invalid environment:\n  S3_BUCKET: set the bucket's name when STORAGE_DRIVER=s3");
  const { CONTENT_DOMAIN, ...rest } = parsed.data;
  return { ...rest, CONTENT_DOMAIN: (CONTENT_DOMAIN ?? `content.${rest.APP_DOMAIN}`).toLowerCase() };
}

export const env: Env = loadEnv();

export function requireDatabaseUrl(): string {
  if (!env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is not set: start the app with `npm run demo`, `npm start` or `npm run dev`, which provide it.",
    );
  }
  return env.DATABASE_URL;
}

export function requireAuthSecret(): string {
  if (!env.NEXTAUTH_SECRET) {
    throw new Error("NEXTAUTH_SECRET is not set: the launch scripts create one under .data/; set it in production.");
  }
  return env.NEXTAUTH_SECRET;
}
