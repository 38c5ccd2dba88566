"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import NextLink from "@/components/navigation/link";
import { useState } from "react";
import { useIsHydrated } from "@/components/hooks/use-browser";
import { ApiError, apiPost } from "@/lib/client/api";

export function ConfirmEmailButton({ token }: { token: string }) {
  const isHydrated = useIsHydrated();
  const [state, setState] = useState<{ status: "idle" | "sending" } | { status: "done" | "failed"; message: string }>({
    status: "idle",
  });
  const confirm = async () => {
    setState({ status: "sending" });
    try {
      const { message } = await apiPost<{ message: string }>(
        `/auth/confirm-email/${encodeURIComponent(token)}`,
        undefined,
        { retryOnTimeout: false },
      );
      setState({ status: "done", message });
    } catch (e) {
      setState({
        status: "failed",
        message: e instanceof ApiError ? e.message : "Failed to confirm the e-mail address",
      });
    }
  };
  if (state.status === "done") {
    return (
      <Alert severity="success">
        {state.message}{" "}
        <Link component={NextLink} href="/profile">
          Back to your profile
        </Link>
      </Alert>
    );
  }
  return (
    <>
      {state.status === "failed" && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {state.message}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={!isHydrated || state.status === "sending"}
        onClick={confirm}
      >
        Confirm my new address
      </Button>
    </>
  );
}
