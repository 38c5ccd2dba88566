import { openRuntimeChannel } from "@/lib/scorm/runtime/channel";
import { LessonRuntime } from "@/lib/scorm/runtime/lesson-runtime";
import { failedRuntimeState } from "@/lib/scorm/runtime/messages";

// The script of the runtime page on the content host (bundled to public/scorm/runtime.js at build time,
// scripts/lib/scorm-runtime-build.ts). The page names the lesson page's origin (data-app-origin); only a
// parent window of that origin is listened to and written to.

function boot(): void {
  const appOrigin = document.body.dataset.appOrigin;
  if (!appOrigin || window.parent === window) return;
  let runtime: LessonRuntime | null = null;
  const channel = openRuntimeChannel({
    self: window,
    peer: () => window.parent,
    origin: appOrigin,
    onMessage: (message) => {
      switch (message.type) {
        case "lms.scorm.launch":
          if (runtime) return;
          try {
            runtime = new LessonRuntime(message.launch, { window, document, container: document.body, channel });
          } catch (cause) {
            channel.send({
              type: "lms.scorm.state",
              state: failedRuntimeState(cause instanceof Error ? cause.message : String(cause)),
            });
          }
          return;
        case "lms.scorm.navigate":
          return runtime?.navigate(message.scoId);
        case "lms.scorm.flow":
          return runtime?.flow(message.request);
        case "lms.scorm.exit":
          return runtime?.exit(message.request);
      }
    },
  });
  channel.send({ type: "lms.scorm.ready" });
}

boot();
