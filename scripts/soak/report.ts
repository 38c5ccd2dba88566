import { percentile } from "../bench/load";
import type { ProcessSample } from "../bench/control";
import type { WindowLoad } from "./drive";

// The soak's per-window table: the load's figures beside the app process's and the machine's load average.

export interface WindowRow {
  endSeconds: number;
  load: WindowLoad;
  process: ProcessSample;
  /** The machine's 1-minute load average at the end of the window. */
  loadAverage: number;
}

export const TABLE_HEADER = [
  "| Until | Requests/s | p50 (ms) | p95 (ms) | p99 (ms) | Errors | Heap after GC (MB) | RSS (MB) | Event-loop lag mean / p99 (ms) | Pool waiting mean / max | Load average |",
  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
].join("\n");

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

export function tableRow(row: WindowRow, windowSeconds: number): string {
  const sorted = [...row.load.latencies].sort((a, b) => a - b);
  const p = row.process;
  const errors = Object.entries(row.load.errorsByKind)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  return `| ${clock(row.endSeconds)} | ${(sorted.length / windowSeconds).toFixed(1)} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.95).toFixed(0)} | ${percentile(sorted, 0.99).toFixed(0)} | ${row.load.errors}${errors ? ` (${errors})` : ""} | ${p.heapAfterGcMb.toFixed(1)} | ${p.rssMb.toFixed(0)} | ${p.lagMeanMs.toFixed(1)} / ${p.lagP99Ms.toFixed(0)} | ${p.poolWaitingMean.toFixed(2)} / ${p.poolWaitingMax} | ${row.loadAverage.toFixed(1)} |`;
}
