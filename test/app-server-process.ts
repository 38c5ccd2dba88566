import { prepareAuthEnv } from "@/scripts/lib/runtime-env";

// The app server as `npm start` runs it, in a child process with the environment a test gives it (e.g.
// SCORM_COMMIT_FAST_PATH=false), on the test database and the existing production build. Prints
// "ready <url>" once it listens.
prepareAuthEnv();
Object.assign(process.env, { NODE_ENV: "production" });
const { startAppServer } = await import("@/scripts/lib/app-server");
const server = await startAppServer({ dev: false, port: Number(process.env.PORT) });
console.log(`ready ${server.url}`);
process.once("SIGTERM", () => process.exit(0));
