"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { CenteredSpinner } from "@/components/ui/spinner";

const PROFILE_RETRY_MS = 5_000;

/** Shown while a session's role is unknown: asks for the profile at most once per 5 s, then re-renders. */
export function AwaitingProfile() {
  const router = useRouter();
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const res = await fetch("/auth/profile", { credentials: "same-origin" }).catch(() => null);
      const profile = res?.ok ? ((await res.json()) as { role?: string }) : null;
      if (cancelled) return;
      if (profile?.role) router.refresh();
      // A full load, not a client navigation: the session is gone, so no client state should survive.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      else if (res?.status === 401) window.location.assign("/login");
    };
    void check();
    const timer = window.setInterval(check, PROFILE_RETRY_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [router]);
  return <CenteredSpinner label="Loading your profile" />;
}
