import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { installSqlTrace, setSqlTracing } from "./trace-sql";

// What the bench asks a server process over its IPC channel: turn SQL tracing on or off, and (the app,
// under --profile) record a CPU profile of exactly one measured window. Every message is answered once.

export type ControlMessage = { trace: boolean } | { profile: "start" } | { profile: "stop"; file: string };

export function answerBenchControl(profileDirectory: string | undefined): void {
  installSqlTrace(false);
  let session: Session | undefined;
  process.on("message", (message: ControlMessage) => {
    void (async () => {
      if ("trace" in message) {
        setSqlTracing(message.trace);
        process.send?.({ tracing: message.trace });
      } else if (message.profile === "start" && profileDirectory) {
        session = new Session();
        session.connect();
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: 500 });
        await session.post("Profiler.start");
        process.send?.({ profiled: "started" });
      } else if (message.profile === "stop" && session) {
        const { profile } = await session.post("Profiler.stop");
        const file = path.join(profileDirectory!, message.file);
        await writeFile(file, JSON.stringify(profile));
        session.disconnect();
        session = undefined;
        process.send?.({ profiled: file });
      } else {
        process.send?.({ ignored: true });
      }
    })();
  });
}
