-- CreateTable
CREATE TABLE "SamlRequest" (
    "organizationId" UUID NOT NULL,
    "providerId" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "returnTo" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SamlRequest_pkey" PRIMARY KEY ("organizationId","providerId","id")
);

-- CreateTable
CREATE TABLE "SamlAssertion" (
    "organizationId" UUID NOT NULL,
    "providerId" UUID NOT NULL,
    "assertionId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SamlAssertion_pkey" PRIMARY KEY ("organizationId","providerId","assertionId")
);

-- CreateTable
CREATE TABLE "SsoSession" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "providerId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "sealedLogout" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoSession_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateIndex
CREATE INDEX "SamlRequest_expiresAt_idx" ON "SamlRequest"("expiresAt");

-- CreateIndex
CREATE INDEX "SamlAssertion_expiresAt_idx" ON "SamlAssertion"("expiresAt");

-- CreateIndex
CREATE INDEX "SsoSession_expiresAt_idx" ON "SsoSession"("expiresAt");

-- AddForeignKey
ALTER TABLE "SamlRequest" ADD CONSTRAINT "SamlRequest_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlRequest" ADD CONSTRAINT "SamlRequest_organizationId_providerId_fkey" FOREIGN KEY ("organizationId", "providerId") REFERENCES "IdentityProvider"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlAssertion" ADD CONSTRAINT "SamlAssertion_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlAssertion" ADD CONSTRAINT "SamlAssertion_organizationId_providerId_fkey" FOREIGN KEY ("organizationId", "providerId") REFERENCES "IdentityProvider"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoSession" ADD CONSTRAINT "SsoSession_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoSession" ADD CONSTRAINT "SsoSession_organizationId_providerId_fkey" FOREIGN KEY ("organizationId", "providerId") REFERENCES "IdentityProvider"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
