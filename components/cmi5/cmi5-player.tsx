"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useIsHydrated } from "@/components/hooks/use-browser";
import { fetchCourseData } from "@/components/learning/course-api";
import styles from "@/components/cmi5/cmi5-player.module.css";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/client/api";
import type { Cmi5AuStatus } from "@/lib/server/cmi5/queries";

// A cmi5 lesson's player: its AUs, each launched on demand (POST …/cmi5/launch). An AnyWindow AU in the
// course's package plays in this page's frame, on the organization's content host; an OwnWindow AU, and
// one at another site, opens in a window of its own and comes back to this lesson (its return URL).

export interface Cmi5PlayerAu {
  index: number;
  title: string;
  launch_method: string;
  status: Cmi5AuStatus;
}

const STATUS_LABELS: Record<Cmi5AuStatus, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  completed: "Completed",
  passed: "Passed",
  failed: "Failed",
  waived: "Waived",
};

/** A learner coming back sees where each AU stands and picks up where they left off. */
function launchLabel(au: Cmi5PlayerAu): string {
  if (au.launch_method === "OwnWindow") return "Open in a new window";
  if (au.status === "not_started") return "Start";
  return au.status === "in_progress" ? "Continue" : "Open again";
}

interface Launch {
  launch_url: string;
  launch_method: "AnyWindow" | "OwnWindow";
  au_title: string;
}

export function Cmi5Player({
  courseId,
  lessonId,
  aus,
  contentOrigin,
}: {
  courseId: string;
  lessonId: string;
  aus: Cmi5PlayerAu[];
  contentOrigin: string;
}) {
  const router = useRouter();
  const hydrated = useIsHydrated();
  const [framed, setFramed] = useState<Launch | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function launch(au: Cmi5PlayerAu) {
    setPending(true);
    setError(null);
    // Opened within the click, so no pop-up blocker stands in the way; pointed at the AU once launched.
    const ownWindow = au.launch_method === "OwnWindow" ? window.open("about:blank", "_blank") : null;
    try {
      const result = await fetchCourseData<Launch>(
        courseId,
        `/api/courses/${courseId}/lessons/${lessonId}/cmi5/launch`,
        {
          method: "POST",
          body: { au_index: au.index },
          retryOnTimeout: false,
        },
      );
      const inPackage = new URL(result.launch_url).origin === contentOrigin;
      if (result.launch_method === "AnyWindow" && inPackage) {
        ownWindow?.close();
        setFramed(result);
      } else if (ownWindow) {
        ownWindow.location.href = result.launch_url;
      } else {
        window.open(result.launch_url, "_blank");
      }
    } catch (e) {
      ownWindow?.close();
      setError(isApiError(e) ? e.message : "The lesson could not be started. Please try again.");
    } finally {
      setPending(false);
    }
  }

  if (framed)
    return (
      <div className={styles.player}>
        <div className={styles.frame}>
          <iframe
            src={framed.launch_url}
            title={framed.au_title}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads"
            allow="fullscreen; autoplay"
          />
        </div>
        <Button
          variant="outlined"
          onClick={() => {
            setFramed(null);
            router.refresh();
          }}
        >
          Close {framed.au_title}
        </Button>
      </div>
    );
  return (
    <div className={styles.player}>
      {error && <Alert severity="error">{error}</Alert>}
      <ol className={styles.list}>
        {aus.map((au) => (
          <li key={au.index} className={styles.item}>
            <span className={styles.au}>
              <span>{au.title}</span>
              <span className={styles.status} data-status={au.status}>
                {STATUS_LABELS[au.status]}
              </span>
            </span>
            <Button
              variant="contained"
              onClick={() => void launch(au)}
              disabled={!hydrated || pending}
              aria-label={`${launchLabel(au)}: ${au.title}`}
            >
              {launchLabel(au)}
            </Button>
          </li>
        ))}
      </ol>
    </div>
  );
}
