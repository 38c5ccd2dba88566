import { createServer, type IncomingMessage } from "node:http";
import { AppError } from "@/lib/errors";
import { errorResponse, parseInput, requireCaller } from "@/lib/http";
import { saveQuizAnswerSchema, submitQuizAttemptSchema } from "@/lib/schemas/quizzes";
import { attemptPosition } from "@/lib/server/quizzes/access";
import { saveAnswer } from "@/lib/server/quizzes/answers";
import { submitAttempt } from "@/lib/server/quizzes/attempts";
import { prepareAuthEnv } from "../../server/runtime-env";
import { answerBenchControl } from "./control";

// The quiz rows' ceiling: node:http around the very functions the app's two route handlers call (the
// caller from the bearer token, the zod schema, the service), without Next.js. The services write through
// Prisma inside a transaction with row locks, so their statements are the app's by construction; what
// differs is only the framework around them. quiz-bench.ts compares both servers' SQL before measuring.

prepareAuthEnv();
answerBenchControl(undefined);

const SAVE = /^\/api\/quiz-attempts\/([^/]+)\/answers\/([^/]+)$/;
const SUBMIT = /^\/api\/quiz-attempts\/([^/]+)\/submit$/;

async function answer(req: IncomingMessage, body: string): Promise<unknown> {
  const path = (req.url ?? "").split("?")[0]!;
  const head = {
    method: req.method ?? "GET",
    url: path,
    headers: { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null },
  };
  const caller = await requireCaller(head);
  const json = JSON.parse(body) as unknown;
  const save = req.method === "PUT" ? SAVE.exec(path) : null;
  if (save) {
    const input = parseInput(saveQuizAnswerSchema, json);
    return saveAnswer(caller.ctx, save[1]!, attemptPosition(save[2]!), input);
  }
  const submit = req.method === "POST" ? SUBMIT.exec(path) : null;
  if (submit) {
    const { session } = parseInput(submitQuizAttemptSchema, json);
    return submitAttempt(caller.ctx, submit[1]!, session);
  }
  throw new AppError("NOT_FOUND", "Not a quiz row's request");
}

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    answer(req, Buffer.concat(chunks).toString("utf8")).then(
      (body) => {
        const text = JSON.stringify(body);
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.end(text);
      },
      async (error: unknown) => {
        if (error instanceof AppError) {
          const refused = errorResponse(error);
          res.writeHead(refused.status, { "content-type": "application/json" });
          res.end(await refused.text());
          return;
        }
        console.error(error);
        res.writeHead(500);
        res.end();
      },
    );
  });
}).listen(Number(process.env.PORT), "0.0.0.0", () => console.log(`ready http://localhost:${process.env.PORT}`));
process.once("SIGTERM", () => process.exit(0));
