import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// An S3-compatible server (s3rver) on loopback for the tests: a real HTTP S3 API over a scratch
// folder, so the S3 storage driver is tested through the AWS SDK as in production, not a mock.

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** s3rver accepts these fixed credentials (and checks the signature made with them). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** What an app process needs to use this store (STORAGE_DRIVER=s3 …, the SDK's credentials). */
  env: Record<string, string>;
  /** The port it listens on and the folder holding the objects: a fault run starts it again on both. */
  port: number;
  directory: string;
  /** Stops answering and keeps the objects (the store "down"). */
  halt: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startLocalS3(bucket = "lms-test", port = 0, existingDirectory?: string): Promise<LocalS3> {
  const directory = existingDirectory ?? mkdtempSync(path.join(tmpdir(), "lms-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    credentials,
    env: {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    port: address.port,
    directory,
    halt: async () => {
      // Down means down: the connections the app's client keeps alive are cut too, not left to finish.
      const closing = server.close().catch(() => undefined);
      (server as unknown as { httpServer?: { closeAllConnections?(): void } }).httpServer?.closeAllConnections?.();
      await closing;
    },
    stop: async () => {
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
