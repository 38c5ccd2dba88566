"use client";

import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { useState } from "react";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { apiDelete } from "@/lib/client/api";
import { dayAndTime } from "@/lib/format-dates";
import type { OwnSessionJson } from "@/lib/server/sessions/own-sessions";

/** Where the person is signed in, each with its own "Sign out", and "Sign out of all other sessions". */
export function SessionsSection({ initial }: { initial: OwnSessionJson[] }) {
  const section = useSectionResult();
  const [sessions, setSessions] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  const signOut = async (session: OwnSessionJson) => {
    section.clear();
    setBusy(session.id);
    try {
      await apiDelete(`/auth/sessions/${session.id}`);
      if (session.current) {
        // Signing this very session out is a logout: a full load, so no client state of it survives.
        localStorage.removeItem("api_cache");
        sessionStorage.clear();
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        return window.location.assign("/login");
      }
      setSessions((list) => list.filter((s) => s.id !== session.id));
      section.succeed(`Signed out: ${session.device}.`);
    } catch (e) {
      section.fail(e, "Failed to sign out the session");
    } finally {
      setBusy(null);
    }
  };

  const signOutOthers = async () => {
    section.clear();
    setBusy("others");
    try {
      const { ended } = await apiDelete<{ ended: number }>("/auth/sessions");
      setSessions((list) => list.filter((s) => s.current));
      section.succeed(ended === 1 ? "Signed out of 1 other session." : `Signed out of ${ended} other sessions.`);
    } catch (e) {
      section.fail(e, "Failed to sign out the other sessions");
    } finally {
      setBusy(null);
    }
  };

  return (
    <ProfileSection
      id="sessions"
      title="Active sessions"
      description="Where you are signed in. Signing a session out ends it at once on that device."
      result={section.result}
    >
      <List aria-label="Active sessions" dense>
        {sessions.map((session) => (
          <ListItem
            key={session.id}
            divider
            secondaryAction={
              <Button
                size="small"
                onClick={() => void signOut(session)}
                disabled={busy !== null}
                aria-label={`Sign out ${session.device}${session.current ? " (this device)" : ""}`}
              >
                Sign out
              </Button>
            }
          >
            <ListItemText
              primary={
                <>
                  {session.device}
                  {session.current && <Chip label="This device" size="small" color="primary" sx={{ ml: 1 }} />}
                </>
              }
              secondary={[
                session.ip ?? "Unknown place",
                `last used ${dayAndTime(session.last_used_at)}`,
                `signed in ${dayAndTime(session.signed_in_at)}${session.single_sign_on ? " with single sign-on" : ""}`,
              ].join(" · ")}
            />
          </ListItem>
        ))}
      </List>
      <Button
        variant="outlined"
        sx={{ mt: 2 }}
        onClick={() => void signOutOthers()}
        disabled={busy !== null || others.length === 0}
      >
        Sign out of all other sessions
      </Button>
    </ProfileSection>
  );
}
