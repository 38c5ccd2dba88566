import { answerResponse, notAllowedExcept } from "@/lib/http";
import { answerQuizSave } from "./handler";

/** Saves one answer as it is given; served here wherever Next runs, before Next by the custom server (./handler.ts). */
export async function PUT(
  req: Request,
  { params }: { params: Promise<{ attemptId: string; position: string }> },
): Promise<Response> {
  const { attemptId, position } = await params;
  return answerResponse(
    await answerQuizSave({
      method: req.method,
      url: req.url,
      attemptId,
      position,
      headers: req.headers,
      body: req.body as AsyncIterable<Uint8Array> | null,
    }),
  );
}

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
