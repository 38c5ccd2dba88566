import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

// The fault runs' load: virtual learners behind nginx, each doing what a school day does (the dashboard,
// the catalog, a SCORM lesson's commits, a message, a self-enrollment, a file of the package, now and then
// a new avatar), one request after the other. Every request is recorded with its time, status and kind;
// every write the app acknowledged is kept, so the run can check afterwards that none was lost. SCORM
// commits behave as the player's queue does: an unacknowledged commit is sent again, the same sequence
// and payload, until the app acknowledges it.

export interface Learner {
  bearer: string;
  attemptId: string;
  scoId: string;
  contentToken: string;
  /** Published courses this learner may enroll in, taken one by one. */
  courses: string[];
  instructorId: string;
}

export interface World {
  port: number;
  subdomain: string;
  learners: Learner[];
  /** A file of the SCORM package (its path below the files URL, after the token). */
  packageFile: string;
  avatarPng: Buffer;
}

export type Kind = "dashboard" | "catalog" | "commit" | "message" | "enroll" | "content" | "avatar";

export interface Sample {
  kind: Kind;
  start: number;
  end: number;
  /** 0: no answer (connection refused or reset, or the client's timeout). */
  status: number;
  /** The error code of a JSON error answer. */
  code?: string;
  /** Status 0: why there was no answer. */
  error?: string;
}

export interface Acknowledged {
  /** The highest sequence acknowledged per attempt. */
  commits: Map<string, number>;
  /** Message bodies (unique markers) the app answered 201 for. */
  messages: string[];
  /** Enrollment ids the app answered 201 for. */
  enrollments: string[];
  /** Avatar URLs the app answered 200 for. */
  avatars: string[];
}

const TIMEOUT_MS = 10_000;
const WEIGHTS: [Kind, number][] = [
  ["dashboard", 20],
  ["catalog", 15],
  ["commit", 40],
  ["message", 8],
  ["enroll", 7],
  ["content", 8],
  ["avatar", 2],
];

interface Answer {
  status: number;
  json: unknown;
  /** Why there was no answer (the socket error's code, and whether the connection was a kept-alive one). */
  error?: string;
}

interface RequestOptions {
  method?: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

/**
 * One request, as a browser sends it: when a kept-alive connection turns out closed by the server before
 * any answer (nginx's old workers close their idle connections on a reload), it is sent once more on a
 * new connection, as browsers do with a reused connection that closes unanswered. `onResend` counts those.
 */
async function sendRequest(
  port: number,
  host: string,
  path: string,
  options: RequestOptions,
  onResend: () => void,
): Promise<Answer> {
  const first = await sendOnce(port, host, path, options, false);
  if (!first.closedUnanswered) return first;
  onResend();
  // Not from the pool: the other idle connections of the worker that closed this one are closing too.
  const again = await sendOnce(port, host, path, options, true);
  return again.error ? { ...again, error: `${first.error}, sent again: ${again.error}` } : again;
}

function sendOnce(
  port: number,
  host: string,
  path: string,
  options: RequestOptions,
  newConnection: boolean,
): Promise<Answer & { closedUnanswered?: boolean }> {
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const done = (answer: Answer & { closedUnanswered?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: { host, ...options.headers },
        ...(newConnection ? { agent: false } : {}),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            json = undefined;
          }
          done({ status: res.statusCode ?? 0, json });
        });
        res.on("error", (error: NodeJS.ErrnoException) =>
          done({ status: 0, json: undefined, error: `${error.code ?? error.message} while answering` }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error("timeout"));
      done({ status: 0, json: { error: { code: "CLIENT_TIMEOUT" } } });
    }, TIMEOUT_MS);
    req.on("error", (failure: NodeJS.ErrnoException) => {
      const code = failure.code ?? failure.message;
      const closed = req.reusedSocket && !answered && (code === "ECONNRESET" || code === "EPIPE");
      const error = `${code} (${req.reusedSocket ? "kept-alive" : "new"} connection)`;
      done({ status: 0, json: undefined, error, ...(closed ? { closedUnanswered: true } : {}) });
    });
    req.end(options.body);
  });
}

function multipart(png: Buffer): { body: Buffer; type: string } {
  const boundary = `----lmsfaults${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface LoadRun {
  samples: Sample[];
  acknowledged: Acknowledged;
  /** Requests sent again because nginx had closed their kept-alive connection before answering (see send). */
  resent: { at: number; kind: Kind }[];
  /** Stops every learner after its current request; resolves when all have stopped. */
  stop(): Promise<void>;
}

export function startLoad(world: World, options: { pauseMs?: number } = {}): LoadRun {
  const samples: Sample[] = [];
  const acknowledged: Acknowledged = { commits: new Map(), messages: [], enrollments: [], avatars: [] };
  const resent: LoadRun["resent"] = [];
  let running = true;
  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  const pick = (): Kind => {
    let r = Math.random() * total;
    for (const [kind, weight] of WEIGHTS) if ((r -= weight) < 0) return kind;
    return "dashboard";
  };
  const appHost = `${world.subdomain}.localhost:${world.port}`;
  const contentHost = `${world.subdomain}.content.localhost:${world.port}`;

  const learnerLoop = async (learner: Learner) => {
    let sequence = 1;
    let pendingRetries = 0;
    let courseIndex = 0;
    let messageCount = 0;
    while (running) {
      // A commit not yet acknowledged goes first, as in the player's queue.
      const kind: Kind = pendingRetries > 0 ? "commit" : pick();
      const start = Date.now();
      const send = (port: number, host: string, path: string, options: RequestOptions) =>
        sendRequest(port, host, path, options, () => resent.push({ at: Date.now(), kind }));
      let answer: Answer;
      const auth = { authorization: `Bearer ${learner.bearer}` };
      switch (kind) {
        case "dashboard":
          answer = await send(world.port, appHost, "/api/dashboard", { headers: auth });
          break;
        case "catalog":
          answer = await send(world.port, appHost, "/api/courses?page_size=20", { headers: auth });
          break;
        case "content":
          answer = await send(world.port, contentHost, `/scorm/files/${learner.contentToken}/${world.packageFile}`, {});
          break;
        case "commit": {
          const body = JSON.stringify({
            commits: [
              {
                attemptId: learner.attemptId,
                scoId: learner.scoId,
                sequence,
                terminated: false,
                cmi: {
                  core: {
                    lesson_status: "incomplete",
                    lesson_location: `page-${sequence}`,
                    exit: "suspend",
                    session_time: "00:00:05",
                    score: { raw: "", min: "", max: "" },
                  },
                  suspend_data: `seq-${sequence}`,
                },
              },
            ],
          });
          answer = await send(world.port, contentHost, `/scorm/commits/${learner.contentToken}`, {
            method: "POST",
            body,
            headers: { "content-type": "application/json" },
          });
          if (answer.status === 200) {
            acknowledged.commits.set(learner.attemptId, sequence);
            sequence += 1;
            pendingRetries = 0;
          } else {
            pendingRetries += 1;
          }
          break;
        }
        case "message": {
          const marker = `faults ${learner.attemptId} ${messageCount++}`;
          answer = await send(world.port, appHost, "/api/messages/threads", {
            method: "POST",
            body: JSON.stringify({ subject: "A question", body: marker, recipient_ids: [learner.instructorId] }),
            headers: { ...auth, "content-type": "application/json" },
          });
          if (answer.status === 201) acknowledged.messages.push(marker);
          break;
        }
        case "enroll": {
          const courseId = learner.courses[courseIndex % learner.courses.length]!;
          answer = await send(world.port, appHost, `/api/courses/${courseId}/enrollments`, {
            method: "POST",
            body: "{}",
            headers: { ...auth, "content-type": "application/json" },
          });
          if (answer.status === 201) {
            const id = (answer.json as { enrollments?: { id: string }[] }).enrollments?.[0]?.id;
            if (id) acknowledged.enrollments.push(id);
            courseIndex += 1;
          }
          break;
        }
        case "avatar": {
          const form = multipart(world.avatarPng);
          answer = await send(world.port, appHost, "/auth/profile", {
            method: "PUT",
            body: form.body,
            headers: { ...auth, "content-type": form.type },
          });
          if (answer.status === 200) {
            const url = (answer.json as { user?: { avatar_url?: string } }).user?.avatar_url;
            if (url) acknowledged.avatars.push(url);
          }
          break;
        }
      }
      const code = (answer.json as { error?: { code?: string } } | undefined)?.error?.code;
      samples.push({
        kind,
        start,
        end: Date.now(),
        status: answer.status,
        ...(code ? { code } : {}),
        ...(answer.error ? { error: answer.error } : {}),
      });
      // The player's queue backs off before resending; the others pause a little, as people do.
      const pause = kind === "commit" && pendingRetries > 0 ? Math.min(1000, 50 * 2 ** Math.min(pendingRetries, 5)) : 0;
      await sleep(pause + (options.pauseMs ?? 20) * (0.5 + Math.random()));
    }
  };
  const loops = world.learners.map(learnerLoop);
  return {
    samples,
    acknowledged,
    resent,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** What answered in a time window, by status (0: no answer). */
export function statusCounts(samples: Sample[], from = 0, to = Number.POSITIVE_INFINITY): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) {
    if (s.end < from || s.start > to) continue;
    const key = s.code ? `${s.status} ${s.code}` : String(s.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export const isOk = (s: Sample) => s.status >= 200 && s.status < 300;
