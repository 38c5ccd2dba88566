// fetch with a deadline that covers the whole exchange, body included: a server that sends headers and
// then stalls is as stuck as one that never answers.

export class TimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.name = "TimeoutError";
    this.timeoutMs = timeoutMs;
  }
}

export interface FetchedResponse {
  response: Response;
  /** The body as text; parsing is the caller's job so it can tell HTML from JSON. */
  text: string;
}

export async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number): Promise<FetchedResponse> {
  const controller = new AbortController();
  const outer = init.signal;
  // The caller's own abort (e.g. a component unmounting) must still cancel the request.
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) forwardAbort();
  else outer?.addEventListener("abort", forwardAbort, { once: true });

  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing a timer, not only aborting, keeps the deadline even if a fetch implementation ignores signals.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new TimeoutError(timeoutMs));
      controller.abort();
    }, timeoutMs);
  });
  const exchange = async (): Promise<FetchedResponse> => {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { response, text: await response.text() };
  };

  try {
    return await Promise.race([exchange(), deadline]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forwardAbort);
  }
}

/** One retry after a timeout, with twice the time: a slow server often answers the second time. */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  retryOnTimeout: boolean,
): Promise<FetchedResponse> {
  try {
    return await fetchWithTimeout(url, init, timeoutMs);
  } catch (error) {
    if (!retryOnTimeout || !(error instanceof TimeoutError)) throw error;
    return fetchWithTimeout(url, init, timeoutMs * 2);
  }
}
