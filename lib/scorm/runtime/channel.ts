import {
  parsePlayerMessage,
  parseRuntimeMessage,
  type PlayerMessage,
  type RuntimeMessage,
} from "@/lib/scorm/runtime/messages";

// The postMessage channel between the lesson page's player (the app's origin) and the runtime page (the
// content host). Each end writes to one window at one origin and hears only that window from that
// origin; every message it hears is parsed (messages.ts), and anything else is ignored.

export interface Channel<Outgoing> {
  send(message: Outgoing): void;
  close(): void;
}

export interface ChannelEnd<Incoming> {
  /** The window this end listens on. */
  self: Window;
  /** The other end's window (nothing while it is not there). */
  peer: () => Window | null | undefined;
  /** The other end's origin: the only one written to and heard. */
  origin: string;
  onMessage: (message: Incoming) => void;
}

/** The player's end: talks to the runtime page in its frame. */
export function openPlayerChannel(end: ChannelEnd<RuntimeMessage>): Channel<PlayerMessage> {
  return open(end, parseRuntimeMessage);
}

/** The runtime page's end: talks to the lesson page that frames it. */
export function openRuntimeChannel(end: ChannelEnd<PlayerMessage>): Channel<RuntimeMessage> {
  return open(end, parsePlayerMessage);
}

function open<Incoming, Outgoing>(
  end: ChannelEnd<Incoming>,
  parse: (data: unknown) => Incoming | null,
): Channel<Outgoing> {
  const listener = (event: MessageEvent) => {
    const peer = end.peer();
    if (event.origin !== end.origin || !peer || event.source !== peer) return;
    const message = parse(event.data);
    if (message) end.onMessage(message);
  };
  end.self.addEventListener("message", listener);
  return {
    send: (message) => {
      const peer = end.peer();
      if (peer && mayShow(peer, end.origin)) peer.postMessage(message, end.origin);
    },
    close: () => end.self.removeEventListener("message", listener),
  };
}

/**
 * Whether a window may hold a page of `origin`. A frame not yet navigated still shows its blank first
 * document, of the framing page's own origin: the browser would refuse the message with a console error,
 * and the runtime asks for what it needs with its `ready` once it is there. Another origin's page cannot
 * be read from here, and is taken to be the peer's.
 */
export function mayShow(peer: Window, origin: string): boolean {
  try {
    return peer.location.origin === origin;
  } catch {
    return true;
  }
}
