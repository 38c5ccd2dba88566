import type { CatalogFunction, CatalogTrigger, CatalogType, DefinitionCatalog } from "./definition-catalog";
import { quoteIdent } from "./pg-url";

// From what a database has to what a definition file defines: the statements for the objects that differ,
// and for those a difference forces along (PostgreSQL cannot alter a composite type in use, a function's
// result or argument names in place, nor drop a function a trigger calls). A pure function of two catalogs.

const typeKey = (type: CatalogType) => type.name;
const functionKey = (fn: CatalogFunction) => fn.identity;
const triggerKey = (trigger: CatalogTrigger) => `${quoteIdent(trigger.name)} ON ${trigger.table}`;

function byKey<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  return new Map(items.map((item) => [key(item), item]));
}

/** The objects whose definitions differ between two catalogs (or that only one has), named for a message. */
export function catalogDifferences(a: DefinitionCatalog, b: DefinitionCatalog): string[] {
  const differing = <T extends { definition: string }>(label: string, x: T[], y: T[], key: (item: T) => string) => {
    const xs = byKey(x, key);
    const ys = byKey(y, key);
    const names = [...new Set([...xs.keys(), ...ys.keys()])].sort();
    return names
      .filter((name) => xs.get(name)?.definition !== ys.get(name)?.definition)
      .map((name) => `${label} ${name}`);
  };
  return [
    ...(a.exists === b.exists ? [] : [`schema ${a.schema}`]),
    ...differing("type", a.types, b.types, typeKey),
    ...differing("function", a.functions, b.functions, functionKey),
    ...differing("trigger", a.triggers, b.triggers, triggerKey),
  ];
}

/**
 * Whether a body names a type (`report.enrollment`, quoted or not, any case). It may say yes to a near miss:
 * then an unchanged function is replaced by itself, which is harmless.
 */
function mentions(body: string, typeName: string): boolean {
  const [schema, name] = typeName.split(".").map((part) => escapeRegExp(part.replaceAll('"', ""))) as [string, string];
  return new RegExp(`${schema}"?\\s*\\.\\s*"?${name}(?![\\w$])`, "i").test(body);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Types that must be dropped: gone or changed, and the types whose fields hold one of those. */
function typesToDrop(installed: CatalogType[], defined: Map<string, CatalogType>): Set<string> {
  const dropped = new Set(installed.filter((t) => defined.get(t.name)?.definition !== t.definition).map((t) => t.name));
  for (let grew = true; grew;) {
    grew = false;
    for (const type of installed) {
      if (dropped.has(type.name) || !type.uses.some((used) => dropped.has(used))) continue;
      dropped.add(type.name);
      grew = true;
    }
  }
  return dropped;
}

/**
 * The statements that turn `installed` into `defined`, in an order PostgreSQL accepts: triggers, functions
 * and types that go, then types, functions and triggers that come, each in the order `defined` created them.
 * A function whose body names a re-created type is replaced too, so that sessions drop their cached plans.
 */
export function planDefinitionChanges(installed: DefinitionCatalog, defined: DefinitionCatalog): string[] {
  const definedTypes = byKey(defined.types, typeKey);
  const definedFunctions = byKey(defined.functions, functionKey);
  const definedTriggers = byKey(defined.triggers, triggerKey);
  const installedTypes = byKey(installed.types, typeKey);
  const installedFunctions = byKey(installed.functions, functionKey);
  const installedTriggers = byKey(installed.triggers, triggerKey);

  const droppedTypes = typesToDrop(installed.types, definedTypes);
  const droppedFunctions = new Set(
    installed.functions
      .filter((fn) => {
        const wanted = definedFunctions.get(fn.identity);
        return !wanted || wanted.header !== fn.header || fn.signatureTypes.some((type) => droppedTypes.has(type));
      })
      .map(functionKey),
  );
  const droppedTriggers = new Set(
    installed.triggers
      .filter((t) => {
        const wanted = definedTriggers.get(triggerKey(t));
        return wanted?.definition !== t.definition || droppedFunctions.has(t.functionIdentity);
      })
      .map(triggerKey),
  );

  const createdTypes = defined.types.filter((t) => !installedTypes.has(t.name) || droppedTypes.has(t.name));
  const createdFunctions = defined.functions.filter((fn) => {
    const present = installedFunctions.get(fn.identity);
    return (
      !present ||
      droppedFunctions.has(fn.identity) ||
      present.definition !== fn.definition ||
      [...droppedTypes].some((type) => mentions(fn.body, type))
    );
  });
  const createdTriggers = defined.triggers.filter(
    (t) => !installedTriggers.has(triggerKey(t)) || droppedTriggers.has(triggerKey(t)),
  );

  const kindWord = (fn: CatalogFunction) => (fn.kind === "procedure" ? "PROCEDURE" : "FUNCTION");
  return [
    ...(installed.exists || !defined.exists ? [] : [`CREATE SCHEMA ${quoteIdent(defined.schema)};`]),
    ...installed.triggers
      .filter((t) => droppedTriggers.has(triggerKey(t)))
      .map((t) => `DROP TRIGGER ${triggerKey(t)};`),
    ...installed.functions
      .filter((fn) => droppedFunctions.has(fn.identity))
      .map((fn) => `DROP ${kindWord(fn)} ${fn.identity};`),
    // Newest first: a type that holds another was created after it.
    ...installed.types
      .filter((t) => droppedTypes.has(t.name))
      .reverse()
      .map((t) => `DROP TYPE ${t.name};`),
    ...createdTypes.map((t) => `${t.definition};`),
    ...createdFunctions.map((fn) => `${fn.definition.trimEnd()};`),
    ...createdTriggers.map((t) => `${t.definition};`),
  ];
}
