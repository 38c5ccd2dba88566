// The SCO's frame in the runtime page: one at a time, on the package's files (same origin as the runtime,
// so the SCO's synchronous API search finds scorm-again in its parent).

/** How long a SCO's page may take to unload (its unload handler commits and finishes) before it is dropped. */
const UNLOAD_WAIT_MS = 3_000;

export class ScoFrame {
  private element: HTMLIFrameElement | null = null;

  constructor(
    private readonly win: Window,
    private readonly container: HTMLElement,
  ) {}

  /** Replaces the frame with one on the SCO's URL; `afterUnload` runs after the SCO's own unload handlers. */
  open(url: string, title: string, afterUnload: () => void): void {
    this.element?.remove();
    const frame = this.container.ownerDocument.createElement("iframe");
    frame.title = title;
    frame.allow = "fullscreen";
    frame.src = url;
    frame.addEventListener("load", () =>
      frame.contentWindow?.addEventListener("unload", () => {
        if (this.element === frame) afterUnload();
      }),
    );
    this.container.append(frame);
    this.element = frame;
  }

  /** Unloads the SCO's page (its unload handler commits and finishes) and waits for about:blank, at most 3 s. */
  blank(): Promise<void> {
    const frame = this.element;
    if (!frame) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        frame.removeEventListener("load", done);
        this.win.clearTimeout(timer);
        resolve();
      };
      const timer = this.win.setTimeout(done, UNLOAD_WAIT_MS);
      frame.addEventListener("load", done);
      frame.src = "about:blank";
    });
  }

  remove(): void {
    this.element?.remove();
    this.element = null;
  }
}
