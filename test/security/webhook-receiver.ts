import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// Where the suites' webhook endpoints point: a receiver on the allow-listed loopback address that accepts
// every delivery at once. A refused delivery would be retried seconds and minutes later, writing its row
// while a later check compares the organization's rows before and after a request.

let started: Promise<string> | null = null;

/** The receiver's URL, started on first use and left running until the process ends. */
export function acceptingReceiverUrl(): Promise<string> {
  started ??= new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    });
    server.on("error", reject);
    server.listen(0, "127.0.0.2", () => {
      server.unref();
      resolve(`http://127.0.0.2:${(server.address() as AddressInfo).port}/hook`);
    });
  });
  return started;
}
