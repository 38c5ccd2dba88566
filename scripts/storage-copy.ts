import { parseArgs } from "node:util";
import { copyObjects } from "@/lib/storage/copy";
import { storageDriver } from "@/lib/storage/store";

// npm run storage:copy -- --from local --to s3: copies every stored file from one store to the other,
// both configured as the app configures them (UPLOAD_DIR; S3_BUCKET, S3_ENDPOINT…). Safe to run again:
// what the target already holds is skipped. Switch STORAGE_DRIVER once a run copies nothing and fails nothing.

const { values } = parseArgs({
  options: { from: { type: "string", default: "local" }, to: { type: "string", default: "s3" } },
});
const kinds = ["local", "s3"] as const;
const from = kinds.find((kind) => kind === values.from);
const to = kinds.find((kind) => kind === values.to);
if (!from || !to || from === to) {
  console.error("Usage: npm run storage:copy -- --from local|s3 --to s3|local (two different stores)");
  process.exit(2);
}

const report = await copyObjects(storageDriver(from), storageDriver(to), (key, outcome) => {
  if (outcome !== "skipped") console.log(`${outcome}: ${key}`);
});
console.log(
  `Copied ${report.copied} file(s) (${report.copiedBytes} bytes), skipped ${report.skipped} already there, ` +
    `${report.failed.length} failed.`,
);
for (const { key, reason } of report.failed) console.error(`  ${key}: ${reason}`);
process.exit(report.failed.length ? 1 : 0);
