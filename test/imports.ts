import { expect } from "vitest";
import { call, type TestResponse } from "@/test/http";
import { multipartBody } from "@/test/session";

// Driving a CSV user import through its API, as the page does: upload, (map), dry run, run, poll.

export interface As {
  subdomain: string | null;
  bearer: string;
}

export async function uploadCsv(
  as: As,
  csv: string | Uint8Array,
  options: { fileName?: string; query?: string } = {},
): Promise<TestResponse> {
  const form = await multipartBody({
    file: new File([csv as BlobPart], options.fileName ?? "people.csv", { type: "text/csv" }),
  });
  return call(as.subdomain, `/api/admin/imports${options.query ?? ""}`, {
    method: "POST",
    body: form.body,
    headers: form.headers,
    bearer: as.bearer,
  });
}

/** Polls the import until its status is one of `statuses`. */
export async function waitForStatus(
  as: As,
  importId: string,
  statuses: string[],
  timeoutMs = 60_000,
): Promise<TestResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(as.subdomain, `/api/admin/imports/${importId}`, { bearer: as.bearer });
    if (res.status !== 200) throw new Error(`GET import ${importId}: ${res.status} ${res.text}`);
    if (statuses.includes(res.json.status)) return res;
    if (Date.now() > deadline)
      throw new Error(`import ${importId} still ${res.json.status} (${res.json.summary}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Uploads and dry-runs a file; answers the import once its dry run is done. */
export async function uploadAndDryRun(as: As, csv: string | Uint8Array): Promise<TestResponse["json"]> {
  const uploaded = await uploadCsv(as, csv);
  expect(uploaded.status, uploaded.text).toBe(201);
  const started = await call(as.subdomain, `/api/admin/imports/${uploaded.json.id}/dry-run`, {
    method: "POST",
    bearer: as.bearer,
  });
  expect(started.status, started.text).toBe(202);
  return (await waitForStatus(as, uploaded.json.id, ["checked", "failed"])).json;
}

/** Every row's outcome and reason, by row number. */
export async function outcomes(as: As, importId: string): Promise<Record<number, [string | null, string | null]>> {
  const res = await call(as.subdomain, `/api/admin/imports/${importId}/rows?page_size=100`, { bearer: as.bearer });
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(
    (res.json.items as { row: number; outcome: string | null; reason: string | null }[]).map((r) => [
      r.row,
      [r.outcome, r.reason],
    ]),
  );
}

export async function runImport(as: As, importId: string): Promise<TestResponse["json"]> {
  const started = await call(as.subdomain, `/api/admin/imports/${importId}/run`, { method: "POST", bearer: as.bearer });
  expect(started.status, started.text).toBe(202);
  return (await waitForStatus(as, importId, ["completed", "cancelled", "failed"], 120_000)).json;
}
