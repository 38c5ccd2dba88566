import type pg from "pg";

// What a schema of SQL definitions holds, read from PostgreSQL's catalogs in a form two databases can be
// compared by: its composite types, its functions and the triggers that call them (on tables of any schema).
// Each object carries the statement that creates it as PostgreSQL prints it, so the same definition reads
// the same in every database, whatever text or order created it.

export type CatalogType = {
  /** Schema-qualified, as format_type prints it. */
  name: string;
  definition: string;
  /** The schema's other composite types among its fields'. */
  uses: string[];
};

export type CatalogFunction = {
  /** Schema-qualified name and argument types, as regprocedure prints it: what DROP FUNCTION takes. */
  identity: string;
  kind: "function" | "procedure";
  /** pg_get_functiondef: CREATE OR REPLACE FUNCTION … */
  definition: string;
  /** Arguments (names, defaults) and result: what CREATE OR REPLACE may not change. */
  header: string;
  /** The body, searched for the types it mentions (pg_depend only records the signature's). */
  body: string;
  /** The schema's composite types in its arguments or result. */
  signatureTypes: string[];
};

export type CatalogTrigger = {
  /** Schema-qualified table. */
  table: string;
  name: string;
  /** pg_get_triggerdef: CREATE TRIGGER … */
  definition: string;
  functionIdentity: string;
};

/** Each list in creation order (oid order), which for a file loaded in one go is the file's order. */
export type DefinitionCatalog = {
  schema: string;
  exists: boolean;
  types: CatalogType[];
  functions: CatalogFunction[];
  triggers: CatalogTrigger[];
};

export async function readCatalog(client: pg.ClientBase, schema: string): Promise<DefinitionCatalog> {
  const namespace = await client.query<{ oid: string }>("SELECT oid FROM pg_namespace WHERE nspname = $1", [schema]);
  const oid = namespace.rows[0]?.oid;
  if (!oid) return { schema, exists: false, types: [], functions: [], triggers: [] };
  const unsupported = await client.query<{ object: string }>(UNSUPPORTED, [oid]);
  if (unsupported.rows.length)
    throw new Error(
      `The schema ${schema} holds ${unsupported.rows.map((r) => r.object).join(", ")}: definition files may define composite types, functions and triggers only (write anything else in a migration by hand).`,
    );
  const types = await client.query<CatalogType>(TYPES, [oid]);
  const functions = await client.query<CatalogFunction>(FUNCTIONS, [oid]);
  const triggers = await client.query<CatalogTrigger>(TRIGGERS, [oid]);
  return { schema, exists: true, types: types.rows, functions: functions.rows, triggers: triggers.rows };
}

const UNSUPPORTED = `
  SELECT 'relation ' || c.oid::regclass::text AS object FROM pg_class c WHERE c.relnamespace = $1 AND c.relkind <> 'c'
  UNION ALL
  SELECT 'type ' || format_type(t.oid, NULL) FROM pg_type t
  WHERE t.typnamespace = $1 AND t.typtype <> 'c' AND NOT (t.typtype = 'b' AND t.typelem <> 0)
  UNION ALL
  SELECT 'aggregate ' || p.oid::regprocedure::text FROM pg_proc p WHERE p.pronamespace = $1 AND p.prokind NOT IN ('f', 'p')`;

const TYPES = `
  SELECT format_type(t.oid, NULL) AS name,
    'CREATE TYPE ' || format_type(t.oid, NULL) || ' AS (' || string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
      || CASE WHEN a.attcollation NOT IN (0, at.typcollation) THEN ' COLLATE ' || a.attcollation::regcollation::text ELSE '' END,
      ', ' ORDER BY a.attnum) || ')' AS definition,
    coalesce(array_agg(DISTINCT format_type(used.oid, NULL)) FILTER (WHERE used.oid IS NOT NULL), '{}') AS uses
  FROM pg_type t
  JOIN pg_class c ON c.oid = t.typrelid AND c.relkind = 'c'
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  JOIN pg_type at ON at.oid = a.atttypid
  LEFT JOIN pg_type used ON used.typnamespace = t.typnamespace AND used.typtype = 'c' AND a.atttypid IN (used.oid, used.typarray)
  WHERE t.typnamespace = $1 AND t.typtype = 'c'
  GROUP BY t.oid
  ORDER BY t.oid`;

const FUNCTIONS = `
  SELECT p.oid::regprocedure::text AS identity, CASE p.prokind WHEN 'p' THEN 'procedure' ELSE 'function' END AS kind,
    pg_get_functiondef(p.oid) AS definition,
    pg_get_function_arguments(p.oid) || ' RETURNS ' || coalesce(pg_get_function_result(p.oid), '') AS header,
    p.prosrc AS body,
    coalesce(array_agg(DISTINCT format_type(used.oid, NULL)) FILTER (WHERE used.oid IS NOT NULL), '{}') AS "signatureTypes"
  FROM pg_proc p
  LEFT JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.refclassid = 'pg_type'::regclass
  LEFT JOIN pg_type used ON used.typnamespace = p.pronamespace AND used.typtype = 'c' AND d.refobjid IN (used.oid, used.typarray)
  WHERE p.pronamespace = $1 AND p.prokind IN ('f', 'p')
  GROUP BY p.oid
  ORDER BY p.oid`;

const TRIGGERS = `
  SELECT tg.tgrelid::regclass::text AS "table", tg.tgname AS name, pg_get_triggerdef(tg.oid) AS definition,
    tg.tgfoid::regprocedure::text AS "functionIdentity"
  FROM pg_trigger tg JOIN pg_proc p ON p.oid = tg.tgfoid
  WHERE p.pronamespace = $1 AND NOT tg.tgisinternal
  ORDER BY tg.oid`;
