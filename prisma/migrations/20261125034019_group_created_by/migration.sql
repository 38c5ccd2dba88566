-- AlterTable
ALTER TABLE "Group" ADD COLUMN     "createdById" UUID;

-- AddForeignKey
ALTER TABLE "Group" ADD CONSTRAINT "Group_organizationId_createdById_fkey" FOREIGN KEY ("organizationId", "createdById") REFERENCES "User"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
