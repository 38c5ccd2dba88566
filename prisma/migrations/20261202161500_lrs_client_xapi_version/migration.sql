-- The xAPI version a client's requests are answered in when they name none (docs/xapi.md).
ALTER TABLE "LrsClient" ADD COLUMN "xapiVersion" TEXT NOT NULL DEFAULT '2.0.0';
