// How the quiz's figures read to a learner.

/** 2 → "2 marks", 1 → "1 mark", 1.5 → "1.5 marks". */
export function marksText(marks: number): string {
  const n = formatNumber(marks);
  return `${n} ${marks === 1 ? "mark" : "marks"}`;
}

export function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** 5400 → "1 hour 30 minutes"; 45 → "45 seconds". */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const part = (n: number, unit: string) => (n ? [`${n} ${unit}${n === 1 ? "" : "s"}`] : []);
  return [...part(h, "hour"), ...part(m, "minute"), ...part(s, "second")].join(" ") || "0 seconds";
}

/** What the countdown shows: "1:02:05", "29:41", "0:09". */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export const GRADING_METHOD_TEXT = {
  highest: "Highest attempt counts",
  last: "Last attempt counts",
  average: "Average of the attempts counts",
} as const;
