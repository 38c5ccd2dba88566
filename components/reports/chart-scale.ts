// The arithmetic of the overview's two charts: where the value axis ends and which ticks it shows, and
// which points of a time axis are labelled. Pure, so the server and the browser draw the same charts.

/** The value axis for counts up to `max`: whole-number ticks from 0, at most about six of them. */
export function countTicks(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}

/** Which of `count` points carry a label on the time axis: evenly spread, the first always, at most `most`. */
export function labelledPoints(count: number, most = 8): number[] {
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil(count / most);
  return Array.from({ length: Math.ceil(count / every) }, (_, i) => i * every);
}

/** A point's place along an axis of `count` points, as a share of its length (a lone point in the middle). */
export function pointShare(index: number, count: number): number {
  return count <= 1 ? 0.5 : index / (count - 1);
}
