"use client";

import GroupsIcon from "@mui/icons-material/Groups";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { LinkListItemButton } from "@/components/navigation/link-components";
import { MessageTime } from "@/components/messages/message-time";
import { peopleList, PersonAvatar, personName } from "@/components/messages/people";
import type { ThreadSummaryJson } from "@/components/messages/types";
import { visuallyHidden } from "@/components/shell/visually-hidden";

/** Conversations, newest first; unread ones in bold with a dot (and "Unread" for screen readers). */
export function ThreadList({ items, userId, label }: { items: ThreadSummaryJson[]; userId: string; label: string }) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
        {items.map((thread) => (
          <ThreadRow key={thread.id} thread={thread} userId={userId} />
        ))}
      </List>
    </Paper>
  );
}

function ThreadRow({ thread, userId }: { thread: ThreadSummaryJson; userId: string }) {
  const weight = thread.is_unread ? 700 : 400;
  const withWhom = thread.group_name
    ? `${thread.group_name} (group)`
    : peopleList(thread.participants, thread.participant_count - 1);
  const last = thread.last_message;
  const from = last?.sender ? (last.sender.id === userId ? "You" : personName(last.sender)) : null;
  return (
    <ListItem disablePadding divider>
      <LinkListItemButton href={`/messages/${thread.id}`} sx={{ alignItems: "flex-start", gap: 1 }}>
        <ListItemAvatar>
          {thread.group_name ? (
            <Avatar alt="" sx={{ bgcolor: "secondary.main" }}>
              <GroupsIcon />
            </Avatar>
          ) : (
            <PersonAvatar person={thread.participants[0] ?? null} />
          )}
        </ListItemAvatar>
        <ListItemText
          disableTypography
          primary={
            <Box sx={{ display: "flex", gap: 1, alignItems: "baseline" }}>
              {thread.is_unread && (
                <Box component="span" sx={visuallyHidden}>
                  Unread:{" "}
                </Box>
              )}
              <Typography component="span" noWrap sx={{ fontWeight: weight, flexGrow: 1, minWidth: 0 }}>
                {thread.subject}
              </Typography>
              <Typography
                component="span"
                variant="caption"
                sx={{ color: "text.secondary", fontWeight: weight, flexShrink: 0 }}
              >
                <MessageTime iso={thread.last_message_at} />
              </Typography>
              {thread.is_unread && (
                <Box
                  aria-hidden
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: "50%",
                    bgcolor: "primary.main",
                    flexShrink: 0,
                    alignSelf: "center",
                  }}
                />
              )}
            </Box>
          }
          secondary={
            <>
              <Typography variant="body2" noWrap sx={{ color: "text.secondary" }}>
                {withWhom}
              </Typography>
              {last && (
                <Typography
                  variant="body2"
                  noWrap
                  sx={{ color: "text.primary", fontWeight: thread.is_unread ? 500 : 400 }}
                >
                  {from ? `${from}: ` : ""}
                  {last.excerpt}
                </Typography>
              )}
            </>
          }
        />
      </LinkListItemButton>
    </ListItem>
  );
}
