"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { openPlayerChannel, type Channel } from "@/lib/scorm/runtime/channel";
import { IDLE_QUEUE } from "@/lib/scorm/runtime/commit-queue/outbox";
import { initialRuntimeState, type PlayerMessage, type RuntimeState } from "@/lib/scorm/runtime/messages";
import type { ScormLaunch } from "@/lib/scorm/types";

/**
 * The runtime page in the player's frame, over the typed channel: the state it last reported, and a way to
 * send it the learner's requests. It gets the launch on mount and again on its `ready`, whichever comes
 * last; after a terminate commit is saved, the page's server data is refreshed (the lesson's status).
 */
export function useLessonRuntime(
  launch: ScormLaunch,
  frameRef: RefObject<HTMLIFrameElement | null>,
): { state: RuntimeState; send: (message: PlayerMessage) => void } {
  const router = useRouter();
  const channelRef = useRef<Channel<PlayerMessage> | null>(null);
  const [state, setState] = useState(() => initialRuntimeState(launch, launch.attempt ? IDLE_QUEUE : null));

  useEffect(() => {
    const channel = openPlayerChannel({
      self: window,
      peer: () => frameRef.current?.contentWindow,
      origin: launch.content.origin,
      onMessage: (message) => {
        if (message.type === "lms.scorm.ready") channel.send({ type: "lms.scorm.launch", launch });
        else if (message.type === "lms.scorm.state") setState(message.state);
        else if (message.terminated) router.refresh();
      },
    });
    channelRef.current = channel;
    // The frame is in the server's HTML, so the runtime may have said "ready" before this page listened:
    // the launch goes out now too (the runtime takes the first and ignores the rest).
    channel.send({ type: "lms.scorm.launch", launch });
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [launch, router, frameRef]);

  const send = useCallback((message: PlayerMessage) => channelRef.current?.send(message), []);
  return { state, send };
}
