import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";

// Where the suites' webhook endpoints point: the tests' receiver, which accepts every delivery at once. A
// refused delivery would be retried seconds and minutes later, writing its row while a later check compares
// the organization's rows before and after a request.

let started: Promise<WebhookReceiver> | null = null;

/** The receiver's URL, started on first use and left running until the process ends. */
export async function acceptingReceiverUrl(): Promise<string> {
  started ??= startWebhookReceiver();
  return (await started).url("/hook");
}
