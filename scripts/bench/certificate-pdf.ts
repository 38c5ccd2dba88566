import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { renderCertificatePdf } from "@/lib/server/certificates/pdf/render";

// Time to make one certificate PDF with the fonts loaded (the server keeps them once read): a name in
// Latin with diacritics, Chinese and Arabic, a QR code, the default design. Prints p50 and p95 in ms.
// npx tsx scripts/bench/certificate-pdf.ts [runs]

const runs = Number(process.argv[2] ?? 200);
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
  logo: null,
  title: "Certificate",
};

// Warm-up: the fonts are read and parsed, the code compiled.
for (let i = 0; i < 10; i++) await renderCertificatePdf(DEFAULT_DESIGN, values, extras);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  await renderCertificatePdf(DEFAULT_DESIGN, values, extras);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
console.log(`certificate PDF, ${runs} runs: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
