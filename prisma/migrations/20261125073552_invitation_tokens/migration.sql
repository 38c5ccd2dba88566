-- CreateEnum
CREATE TYPE "PasswordTokenPurpose" AS ENUM ('reset', 'invitation');

-- AlterTable
ALTER TABLE "PasswordResetToken" ADD COLUMN     "purpose" "PasswordTokenPurpose" NOT NULL DEFAULT 'reset';
