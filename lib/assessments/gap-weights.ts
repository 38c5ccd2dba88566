// A QTI item carries a gap's weight only as its share of the mark (its points when fully right). The
// import reads the weights back from the shares in lowest whole terms (shares 0.5, 0.25, 0.25 → 2, 1, 1);
// the export uses the same function to tell when the weights it writes will come back otherwise.

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const round = (n: number) => Number(n.toPrecision(12));

/** The weights the shares stand for: the smallest whole numbers in their ratio, else ratios to the smallest. */
export function weightsFromShares(shares: number[]): number[] {
  const smallest = Math.min(...shares);
  const ratios = shares.map((s) => s / smallest);
  for (let k = 1; k <= 100; k++) {
    const scaled = ratios.map((r) => r * k);
    if (scaled.every((s) => close(s, Math.round(s)) && Math.round(s) <= 100)) return scaled.map(Math.round);
  }
  return ratios.map(round);
}
