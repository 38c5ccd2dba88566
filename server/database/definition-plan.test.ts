import { describe, expect, it } from "vitest";
import type { CatalogFunction, CatalogTrigger, CatalogType, DefinitionCatalog } from "./definition-catalog";
import { catalogDifferences, planDefinitionChanges } from "./definition-plan";

// Catalogs written out by hand, as readCatalog reads them (scripts/db/migration-tool.int.test.ts runs the
// same planning against PostgreSQL).

const pair: CatalogType = {
  name: "s.pair",
  definition: "CREATE TYPE s.pair AS (a integer, b integer)",
  uses: [],
};
const pairs: CatalogType = {
  name: "s.pairs",
  definition: "CREATE TYPE s.pairs AS (p s.pair, n integer)",
  uses: ["s.pair"],
};

function fn(identity: string, body: string, options: Partial<CatalogFunction> = {}): CatalogFunction {
  const name = identity.slice(0, identity.indexOf("("));
  const header = options.header ?? " RETURNS void";
  return {
    identity,
    kind: "function",
    definition: `CREATE OR REPLACE FUNCTION ${name}(…)${header}\n AS $function$${body}$function$\n`,
    header,
    body,
    signatureTypes: [],
    ...options,
  };
}

const apply = fn("s.apply(s.pair[])", "BEGIN PERFORM 1; END", { signatureTypes: ["s.pair"] });
const inserted = fn("s.inserted()", "BEGIN PERFORM s.apply(ARRAY(SELECT ROW(1, 2)::s.pair)); RETURN NULL; END", {
  header: " RETURNS trigger",
});
const helper = fn("s.helper(integer)", "SELECT $1 + 1", { header: "x integer RETURNS integer" });
const onInsert: CatalogTrigger = {
  table: 'public."T"',
  name: "T_insert",
  definition: 'CREATE TRIGGER "T_insert" AFTER INSERT ON public."T" FOR EACH STATEMENT EXECUTE FUNCTION s.inserted()',
  functionIdentity: "s.inserted()",
};

function catalog(parts: Partial<DefinitionCatalog> = {}): DefinitionCatalog {
  return {
    schema: "s",
    exists: true,
    types: [pair],
    functions: [helper, apply, inserted],
    triggers: [onInsert],
    ...parts,
  };
}

describe("planDefinitionChanges", () => {
  it("the same definitions → nothing to do", () => {
    expect(planDefinitionChanges(catalog(), catalog())).toEqual([]);
    expect(catalogDifferences(catalog(), catalog())).toEqual([]);
  });

  it("a body changed under the same header → that function replaced in place, nothing else", () => {
    const changed = fn("s.helper(integer)", "SELECT $1 + 2", { header: "x integer RETURNS integer" });
    const defined = catalog({ functions: [changed, apply, inserted] });
    expect(planDefinitionChanges(catalog(), defined)).toEqual([`${changed.definition.trimEnd()};`]);
    expect(catalogDifferences(catalog(), defined)).toEqual(["function s.helper(integer)"]);
  });

  it("an argument renamed or a result changed → dropped and created (CREATE OR REPLACE cannot)", () => {
    const renamed = fn("s.helper(integer)", helper.body, { header: "y integer RETURNS integer" });
    const defined = catalog({ functions: [renamed, apply, inserted] });
    expect(planDefinitionChanges(catalog(), defined)).toEqual([
      "DROP FUNCTION s.helper(integer);",
      `${renamed.definition.trimEnd()};`,
    ]);
  });

  it("a trigger function that goes → its trigger dropped before it, the new one's created after", () => {
    const renamed = fn("s.on_insert()", inserted.body, { header: " RETURNS trigger" });
    const calling: CatalogTrigger = {
      ...onInsert,
      definition: onInsert.definition.replace("s.inserted()", "s.on_insert()"),
      functionIdentity: "s.on_insert()",
    };
    const defined = catalog({ functions: [helper, apply, renamed], triggers: [calling] });
    expect(planDefinitionChanges(catalog(), defined)).toEqual([
      'DROP TRIGGER "T_insert" ON public."T";',
      "DROP FUNCTION s.inserted();",
      `${renamed.definition.trimEnd()};`,
      `${calling.definition};`,
    ]);
  });

  it("a composite type changed → the functions it is in the signature of dropped first, the bodies naming it replaced after", () => {
    const widened: CatalogType = { ...pair, definition: "CREATE TYPE s.pair AS (a integer, b integer, c integer)" };
    const pairsAgain: CatalogType = { ...pairs };
    const installed = catalog({ types: [pair, pairs] });
    const defined = catalog({ types: [widened, pairsAgain] });
    expect(planDefinitionChanges(installed, defined)).toEqual([
      "DROP FUNCTION s.apply(s.pair[]);",
      "DROP TYPE s.pairs;",
      "DROP TYPE s.pair;",
      `${widened.definition};`,
      `${pairsAgain.definition};`,
      `${apply.definition.trimEnd()};`,
      `${inserted.definition.trimEnd()};`,
    ]);
    expect(catalogDifferences(installed, defined)).toEqual(["type s.pair"]);
  });

  it("objects that come and go; a changed trigger is dropped and created", () => {
    const extra = fn("s.extra()", "SELECT 1", { header: " RETURNS integer" });
    const onUpdate: CatalogTrigger = {
      ...onInsert,
      name: "T_update",
      definition:
        'CREATE TRIGGER "T_update" AFTER UPDATE ON public."T" FOR EACH STATEMENT EXECUTE FUNCTION s.inserted()',
    };
    const onInsertRow: CatalogTrigger = { ...onInsert, definition: onInsert.definition.replace("STATEMENT", "ROW") };
    const installed = catalog({ functions: [helper, apply, inserted, extra], triggers: [onInsert, onUpdate] });
    const defined = catalog({ types: [pair, pairs], functions: [apply, inserted], triggers: [onInsertRow] });
    expect(planDefinitionChanges(installed, defined)).toEqual([
      'DROP TRIGGER "T_insert" ON public."T";',
      'DROP TRIGGER "T_update" ON public."T";',
      "DROP FUNCTION s.helper(integer);",
      "DROP FUNCTION s.extra();",
      `${pairs.definition};`,
      `${onInsertRow.definition};`,
    ]);
    expect(catalogDifferences(installed, defined)).toEqual([
      "type s.pairs",
      "function s.extra()",
      "function s.helper(integer)",
      'trigger "T_insert" ON public."T"',
      'trigger "T_update" ON public."T"',
    ]);
  });

  it("a schema no migration made yet → created first, then everything in it in the file's order", () => {
    const none: DefinitionCatalog = { schema: "s", exists: false, types: [], functions: [], triggers: [] };
    expect(planDefinitionChanges(none, catalog())).toEqual([
      'CREATE SCHEMA "s";',
      `${pair.definition};`,
      `${helper.definition.trimEnd()};`,
      `${apply.definition.trimEnd()};`,
      `${inserted.definition.trimEnd()};`,
      `${onInsert.definition};`,
    ]);
  });
});
