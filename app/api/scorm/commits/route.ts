import { answerResponse, notAllowedExcept } from "@/lib/http";
import { answerScormCommits } from "./handler";

/** Served here wherever Next runs; the custom server answers it before Next (./handler.ts). */
export async function POST(req: Request): Promise<Response> {
  return answerResponse(await answerScormCommits({ method: req.method, headers: req.headers, body: req.body as AsyncIterable<Uint8Array> | null }));
}

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
