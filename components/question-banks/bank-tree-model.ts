// The banks as a tree, from the flat list the API answers (each bank names its parent).

export interface BankLike {
  id: string;
  parent_id: string | null;
  name: string;
}

export interface BankNode<B extends BankLike> {
  bank: B;
  depth: number;
  children: BankNode<B>[];
}

/**
 * The banks nested under their parents, by name. A bank whose parent the caller cannot see (an instructor
 * given a sub-bank of another's) is shown at the top level rather than lost.
 */
export function buildBankTree<B extends BankLike>(banks: readonly B[]): BankNode<B>[] {
  const ids = new Set(banks.map((b) => b.id));
  const childrenOf = new Map<string | null, B[]>();
  for (const bank of banks) {
    const parent = bank.parent_id && ids.has(bank.parent_id) ? bank.parent_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), bank]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): BankNode<B>[] =>
    [...(childrenOf.get(parent) ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name))
      .filter((bank) => !seen.has(bank.id))
      .map((bank) => ({ bank, depth, children: build(bank.id, depth + 1, new Set([...seen, bank.id])) }));
  return build(null, 0, new Set());
}

/** The tree in reading order, each bank with its depth: for a select listing every bank indented. */
export function flattenBankTree<B extends BankLike>(nodes: readonly BankNode<B>[]): { bank: B; depth: number }[] {
  return nodes.flatMap((node) => [{ bank: node.bank, depth: node.depth }, ...flattenBankTree(node.children)]);
}

/** The bank and every bank nested in it, at any depth: where it cannot move. */
export function bankAndDescendants(banks: readonly BankLike[], bankId: string): Set<string> {
  const found = new Set([bankId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const bank of banks)
      if (bank.parent_id && found.has(bank.parent_id) && !found.has(bank.id)) {
        found.add(bank.id);
        grew = true;
      }
  }
  return found;
}

/** The banks from the top down to this one (itself last), as far up as the caller can see. */
export function bankPath<B extends BankLike>(banks: readonly B[], bankId: string): B[] {
  const byId = new Map(banks.map((b) => [b.id, b]));
  const path: B[] = [];
  for (let at = byId.get(bankId); at && !path.includes(at); at = at.parent_id ? byId.get(at.parent_id) : undefined)
    path.unshift(at);
  return path;
}
