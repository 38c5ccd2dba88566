"use client";

import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { LinkedText } from "@/components/data/linked-text";
import { MessageTime } from "@/components/messages/message-time";
import { PersonAvatar, personName } from "@/components/messages/people";
import type { MessageJson } from "@/components/messages/types";

/** One message: who, when, and the text as written (links clickable, never HTML). */
export function MessageItem({ message, isOwn, seenBy }: { message: MessageJson; isOwn: boolean; seenBy?: string }) {
  return (
    <Box
      component="article"
      aria-label={`Message from ${message.sender ? personName(message.sender) : "a former user"}`}
      sx={{ display: "flex", gap: 1.5, flexDirection: isOwn ? "row-reverse" : "row", alignItems: "flex-start" }}
    >
      <PersonAvatar person={message.sender} />
      <Box sx={{ maxWidth: "min(640px, 85%)", minWidth: 0 }}>
        <Typography
          variant="caption"
          component="p"
          sx={{ color: "text.secondary", textAlign: isOwn ? "right" : "left", mb: 0.5 }}
        >
          <Box component="span" sx={{ fontWeight: 500, color: "text.primary" }}>
            {isOwn ? "You" : message.sender ? personName(message.sender) : "Former user"}
          </Box>
          {" · "}
          <MessageTime iso={message.created_at} long />
        </Typography>
        <Box
          sx={{
            px: 2,
            py: 1.25,
            borderRadius: 2,
            bgcolor: isOwn ? "primary.main" : "action.hover",
            color: isOwn ? "primary.contrastText" : "text.primary",
            "& a": { color: "inherit", textDecorationColor: "currentColor" },
          }}
        >
          <Typography component="p" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            <LinkedText text={message.body} />
          </Typography>
        </Box>
        {seenBy && (
          <Typography variant="caption" component="p" sx={{ color: "text.secondary", textAlign: "right", mt: 0.5 }}>
            {seenBy}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
