import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// POST /scorm/commits/{token} alone on a node:http server, answered as server/app-server.ts answers it,
// for test/integration/scorm-durability.int.test.ts. A child process of its own: its pool (lib/db.ts,
// module state) then points at the test's own PostgreSQL cluster through DATABASE_URL, and its
// console.error lines (the reason of every 500) reach the test on stderr.

const { answerCommitOnNode, commitToken } = await import("@/server/scorm-commit-fast-path");
const server = createServer((req, res) => {
  const token = commitToken(req);
  if (token) void answerCommitOnNode(req, res, token);
  else res.writeHead(404).end();
});
server.listen(0, "127.0.0.1", () => console.log(`ready ${(server.address() as AddressInfo).port}`));
process.once("SIGTERM", () => process.exit(0));
