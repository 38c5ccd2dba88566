import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createQuestionBankSchema } from "@/lib/schemas/questions";
import type { ManagedBank } from "@/lib/server/questions/access";
import type { TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

// The banks a file's categories become, nested under the bank imported into: a bank of that name already
// there is used (it must be one the importer manages, as any bank they put questions in), otherwise it is
// created, by the importer. The dry run only looks; the run creates, in the transaction of its batch.

const bankName = createQuestionBankSchema.shape.name;

export type PathResult = { bankId: string | null; refused?: undefined } | { bankId?: undefined; refused: string };

export class BankResolver {
  /** Path (as JSON) → the bank's id, null for one the dry run would create, or the reason it cannot be used. */
  private readonly known = new Map<string, PathResult>();
  /** The paths created (run) or to create (dry run), outermost first. */
  readonly created: string[][] = [];

  constructor(
    private readonly client: Prisma.TransactionClient,
    private readonly ctx: TenantContext,
    private readonly root: ManagedBank,
    private readonly mode: "plan" | "create",
  ) {}

  async resolve(path: string[]): Promise<PathResult> {
    let parent: PathResult = { bankId: this.root.id };
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth);
      const key = JSON.stringify(prefix);
      let found = this.known.get(key);
      if (!found) {
        found = await this.step(parent, prefix);
        this.known.set(key, found);
      }
      if (found.refused !== undefined) return found;
      parent = found;
    }
    return parent;
  }

  private async step(parent: PathResult, prefix: string[]): Promise<PathResult> {
    const raw = prefix.at(-1)!;
    const name = bankName.safeParse(raw);
    if (!name.success)
      return { refused: `Its category '${raw}' cannot be a bank's name: ${name.error.issues[0]?.message}` };
    const { organizationId } = this.root;
    const existing =
      parent.bankId === null
        ? null
        : await this.client.questionBank.findFirst({
            where: { organizationId, parentId: parent.bankId, name: name.data },
            select: { id: true, createdById: true },
          });
    if (existing) {
      if (can(this.ctx, "questions:manage:any") || existing.createdById === this.ctx.userId)
        return { bankId: existing.id };
      return { refused: `The bank '${prefix.join(" / ")}' exists already and is not one you manage` };
    }
    this.created.push(prefix);
    if (this.mode === "plan" || parent.bankId === null) return { bankId: null };
    const created = await this.client.questionBank.create({
      data: { organizationId, parentId: parent.bankId, name: name.data, createdById: this.ctx.userId },
      select: { id: true },
    });
    return { bankId: created.id };
  }
}
