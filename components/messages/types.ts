// The JSON of app/api/messages/** as the client reads it (lib/server/messages/json.ts): types only.
export type {
  InboxJson,
  MessageJson,
  ParticipantJson,
  PersonJson,
  ThreadJson,
  ThreadSummaryJson,
} from "@/lib/server/messages/json";
export type { RecipientsJson } from "@/lib/server/messages/recipients";
