import { answerResponse, notAllowedExcept } from "@/lib/http";
import { answerScormCommits } from "../handler";

/** Served here wherever Next runs; the custom server answers it before Next (../handler.ts). */
export async function POST(req: Request, { params }: { params: Promise<{ contentToken: string }> }): Promise<Response> {
  const token = (await params).contentToken;
  return answerResponse(
    await answerScormCommits({ token, headers: req.headers, body: req.body as AsyncIterable<Uint8Array> | null }),
  );
}

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
