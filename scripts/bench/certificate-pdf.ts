import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { renderCertificatePdf } from "@/lib/server/certificates/pdf/render";

// Time to make one certificate PDF with the fonts loaded (the server keeps them once read): a name in
// Latin with diacritics, Chinese and Arabic, a QR code, the default design. One of `npm run bench`'s
// timed tables (`--only certificatePdf` for it alone).

export const CERTIFICATE_PDF_BENCH = { runs: 200, warmup: 10, maxP95Ms: 200 } as const;

const values = {
  learner_name: "Ünal Öztürk 王小明 محمد علي",
  course_title: "Zoë O'Brien-Łukasz: Fire Safety",
  completed_on: "27 November 2026",
  expires_on: "27 November 2027",
  score: "92%",
  certificate_code: "7K3M9QX2D4HV6TNB8RPW5Y1Z",
  organization_name: "Acme",
  signature_name: "Jane Doe",
};
const extras = {
  verifyUrl: "https://acme.example.com/verify/7K3M9QX2D4HV6TNB8RPW5Y1Z",
  verifyPageUrl: "https://acme.example.com/verify",
  logo: null,
  title: "Certificate",
  createdAt: new Date("2026-11-27T12:00:00Z"),
};

export interface CertificatePdfRun {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  bytes: number;
  loadAverage: string;
}

export async function measureCertificatePdf(loadAverage: () => string): Promise<CertificatePdfRun> {
  // Warm-up: the fonts are read and parsed, the code compiled.
  let bytes = 0;
  for (let i = 0; i < CERTIFICATE_PDF_BENCH.warmup; i++)
    bytes = (await renderCertificatePdf(DEFAULT_DESIGN, values, extras)).length;
  const times: number[] = [];
  for (let i = 0; i < CERTIFICATE_PDF_BENCH.runs; i++) {
    const start = performance.now();
    await renderCertificatePdf(DEFAULT_DESIGN, values, extras);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { runs: times.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1), bytes, loadAverage: loadAverage() };
}

export function certificatePdfTable(run: CertificatePdfRun): string {
  const pass = run.p95Ms < CERTIFICATE_PDF_BENCH.maxP95Ms;
  return [
    "| Operation | Runs | p50 (ms) | p95 (ms) | Slowest (ms) | Size | Load average | Target | p95 ÷ target | Result |",
    "|---|---:|---:|---:|---:|---:|---|---|---:|---|",
    `| One certificate PDF (the default design; a Latin, Chinese and Arabic name; a QR code; fonts loaded) | ${run.runs} | ${run.p50Ms.toFixed(1)} | ${run.p95Ms.toFixed(1)} | ${run.maxMs.toFixed(1)} | ${(run.bytes / 1024).toFixed(0)} KB | ${run.loadAverage} | p95 < ${CERTIFICATE_PDF_BENCH.maxP95Ms} ms | ${(run.p95Ms / CERTIFICATE_PDF_BENCH.maxP95Ms).toFixed(2)} | ${pass ? "pass" : "**FAIL**"} |`,
  ].join("\n");
}
