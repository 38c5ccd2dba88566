-- The statements query by agent (GET /xapi/statements?agent=…, lib/server/xapi/statement-queries.ts). A GIN
-- index of every actor key answers "this agent" but not "since then" or "with this verb": at 10 million
-- statements, a learner with 40,000 of them took seconds (docs/benchmarks.md "xAPI statements"). The actor's
-- own key is always the first (lib/xapi/agents.ts primaryAgentKeys), so a btree leads with it, then the verb
-- and the stored time; the other keys (a Group's members, an Agent object) keep a GIN index of their own,
-- over the few statements that have any. Prisma cannot describe expression indexes, so they live here only.
CREATE INDEX "XapiStatement_organizationId_actor_verbId_stored_idx" ON "XapiStatement"("organizationId", ("actorKeys"[1]), "verbId", "stored");

CREATE INDEX "XapiStatement_otherActorKeys_idx" ON "XapiStatement" USING GIN (("actorKeys"[2:])) WHERE cardinality("actorKeys") > 1;

DROP INDEX "XapiStatement_actorKeys_idx";

-- The planner knows an expression's values only once the table is analyzed (a sample: seconds at 10
-- million rows); until then it guesses, and at 10 million statements a guess picked plans 60 times slower.
ANALYZE "XapiStatement";
