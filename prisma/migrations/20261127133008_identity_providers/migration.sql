-- CreateEnum
CREATE TYPE "IdentityProtocol" AS ENUM ('oidc', 'saml');

-- CreateTable
CREATE TABLE "IdentityProvider" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "protocol" "IdentityProtocol" NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "jitEnabled" BOOLEAN NOT NULL DEFAULT false,
    "config" JSONB NOT NULL,
    "sealedSecret" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdentityProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserIdentity" (
    "organizationId" UUID NOT NULL,
    "providerId" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserIdentity_pkey" PRIMARY KEY ("providerId","subject")
);

-- CreateTable
CREATE TABLE "SsoRequest" (
    "id" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "providerId" UUID NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "returnTo" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "IdentityProvider_organizationId_id_key" ON "IdentityProvider"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "IdentityProvider_organizationId_name_key" ON "IdentityProvider"("organizationId", "name");

-- CreateIndex
CREATE INDEX "UserIdentity_organizationId_userId_idx" ON "UserIdentity"("organizationId", "userId");

-- CreateIndex
CREATE INDEX "SsoRequest_expiresAt_idx" ON "SsoRequest"("expiresAt");

-- AddForeignKey
ALTER TABLE "IdentityProvider" ADD CONSTRAINT "IdentityProvider_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserIdentity" ADD CONSTRAINT "UserIdentity_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserIdentity" ADD CONSTRAINT "UserIdentity_organizationId_providerId_fkey" FOREIGN KEY ("organizationId", "providerId") REFERENCES "IdentityProvider"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserIdentity" ADD CONSTRAINT "UserIdentity_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoRequest" ADD CONSTRAINT "SsoRequest_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoRequest" ADD CONSTRAINT "SsoRequest_organizationId_providerId_fkey" FOREIGN KEY ("organizationId", "providerId") REFERENCES "IdentityProvider"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
