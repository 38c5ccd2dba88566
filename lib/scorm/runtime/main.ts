import { LessonRuntime } from "@/lib/scorm/runtime/lesson-runtime";
import { parsePlayerMessage, type RuntimeMessage } from "@/lib/scorm/runtime/messages";

// The script of the runtime page on the content host (bundled to public/scorm/runtime.js at build time,
// scripts/lib/scorm-runtime-build.ts). The page names the lesson page's origin (data-app-origin); only a
// parent window of that origin is listened to and written to.

function boot(): void {
  const appOrigin = document.body.dataset.appOrigin;
  if (!appOrigin || window.parent === window) return;
  const post = (message: RuntimeMessage) => window.parent.postMessage(message, appOrigin);
  let runtime: LessonRuntime | null = null;
  window.addEventListener("message", (event) => {
    if (event.origin !== appOrigin || event.source !== window.parent) return;
    const message = parsePlayerMessage(event.data);
    if (!message) return;
    if (message.type === "lms.scorm.launch") {
      if (runtime) return;
      try {
        runtime = new LessonRuntime(message.launch, { window, document, container: document.body, post });
      } catch (cause) {
        post({
          type: "lms.scorm.state",
          state: {
            phase: "error",
            currentId: null,
            progress: {},
            unavailable: [],
            flow: null,
            closed: {},
            hidden: [],
            queue: null,
            error: cause instanceof Error ? cause.message : String(cause),
          },
        });
      }
    } else if (message.type === "lms.scorm.navigate") runtime?.navigate(message.scoId);
    else if (message.type === "lms.scorm.flow") runtime?.flow(message.request);
    else runtime?.exit(message.request);
  });
  post({ type: "lms.scorm.ready" });
}

boot();
