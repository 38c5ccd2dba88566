-- CreateEnum
CREATE TYPE "ThemeMode" AS ENUM ('light', 'dark');

-- AlterTable
ALTER TABLE "MessageParticipant" ADD COLUMN     "emailedUpTo" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "MessageThread" ADD COLUMN     "groupName" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailOnMessage" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "pendingEmail" TEXT,
ADD COLUMN     "themeMode" "ThemeMode";

-- CreateTable
CREATE TABLE "EmailChangeToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "newEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailChangeToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailChangeToken_tokenHash_key" ON "EmailChangeToken"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailChangeToken_userId_idx" ON "EmailChangeToken"("userId");

-- AddForeignKey
ALTER TABLE "EmailChangeToken" ADD CONSTRAINT "EmailChangeToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
