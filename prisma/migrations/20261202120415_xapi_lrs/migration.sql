-- CreateTable
CREATE TABLE "LrsClient" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdById" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "LrsClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "XapiStatement" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "stored" TIMESTAMPTZ(3) NOT NULL,
    "document" JSONB NOT NULL,
    "verbId" TEXT NOT NULL,
    "actorKeys" TEXT[],
    "relatedAgentKeys" TEXT[],
    "activityId" TEXT,
    "relatedActivityIds" TEXT[],
    "registration" UUID,
    "voidsId" UUID,
    "voided" BOOLEAN NOT NULL DEFAULT false,
    "refId" UUID,
    "clientId" UUID,
    "attachmentHashes" TEXT[],

    CONSTRAINT "XapiStatement_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "XapiAttachment" (
    "organizationId" UUID NOT NULL,
    "sha2" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "length" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "XapiAttachment_pkey" PRIMARY KEY ("organizationId","sha2")
);

-- CreateTable
CREATE TABLE "XapiDocument" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "activityId" TEXT NOT NULL DEFAULT '',
    "agentKey" TEXT NOT NULL DEFAULT '',
    "registration" TEXT NOT NULL DEFAULT '',
    "documentId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "etag" TEXT NOT NULL,
    "updated" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "XapiDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LrsClient_key_key" ON "LrsClient"("key");

-- CreateIndex
CREATE INDEX "LrsClient_organizationId_createdAt_idx" ON "LrsClient"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LrsClient_organizationId_id_key" ON "LrsClient"("organizationId", "id");

-- CreateIndex
CREATE INDEX "XapiStatement_organizationId_stored_seq_idx" ON "XapiStatement"("organizationId", "stored", "seq");

-- CreateIndex
CREATE INDEX "XapiStatement_organizationId_verbId_stored_idx" ON "XapiStatement"("organizationId", "verbId", "stored");

-- CreateIndex
CREATE INDEX "XapiStatement_organizationId_activityId_stored_idx" ON "XapiStatement"("organizationId", "activityId", "stored");

-- CreateIndex
CREATE INDEX "XapiStatement_organizationId_registration_stored_idx" ON "XapiStatement"("organizationId", "registration", "stored");

-- CreateIndex
CREATE INDEX "XapiStatement_organizationId_refId_idx" ON "XapiStatement"("organizationId", "refId");

-- CreateIndex
CREATE INDEX "XapiStatement_actorKeys_idx" ON "XapiStatement" USING GIN ("actorKeys");

-- CreateIndex
CREATE INDEX "XapiStatement_relatedAgentKeys_idx" ON "XapiStatement" USING GIN ("relatedAgentKeys");

-- CreateIndex
CREATE INDEX "XapiStatement_relatedActivityIds_idx" ON "XapiStatement" USING GIN ("relatedActivityIds");

-- CreateIndex
CREATE UNIQUE INDEX "XapiStatement_seq_key" ON "XapiStatement"("seq");

-- CreateIndex
CREATE INDEX "XapiDocument_organizationId_kind_activityId_agentKey_update_idx" ON "XapiDocument"("organizationId", "kind", "activityId", "agentKey", "updated");

-- CreateIndex
CREATE UNIQUE INDEX "XapiDocument_organizationId_kind_activityId_agentKey_regist_key" ON "XapiDocument"("organizationId", "kind", "activityId", "agentKey", "registration", "documentId");

-- AddForeignKey
ALTER TABLE "LrsClient" ADD CONSTRAINT "LrsClient_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LrsClient" ADD CONSTRAINT "LrsClient_organizationId_createdById_fkey" FOREIGN KEY ("organizationId", "createdById") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "XapiStatement" ADD CONSTRAINT "XapiStatement_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "XapiAttachment" ADD CONSTRAINT "XapiAttachment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "XapiDocument" ADD CONSTRAINT "XapiDocument_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
