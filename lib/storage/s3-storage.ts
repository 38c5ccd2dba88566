import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import type { ByteRange } from "@/lib/storage/byte-range";
import {
  fileNotFound,
  measuredUpload,
  storageUnavailable,
  type SizeLimit,
  type StorageDriver,
  type StoredObject,
} from "@/lib/storage/driver";
import { isValidKey } from "@/lib/storage/keys";

// Stored objects in a bucket of an S3-compatible store (AWS S3, MinIO, Ceph, R2, …), so that any
// number of app processes on any machines see the same files. Uploads stream in parts (a few parts in
// memory at a time, never the whole file); reads stream from the bucket through the app. Credentials come
// from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID…, a profile, an instance or pod role).

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Another store than AWS: http(s)://host:port. */
  endpoint?: string;
  /** Address the bucket as a path (host/bucket/key), as most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Only for tests against a local store; otherwise the SDK's chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** How long a store may take to connect, or stay silent mid-request, before the request fails (then one retry). */
const CONNECT_TIMEOUT_MS = 3_000;
const IDLE_TIMEOUT_MS = 10_000;
/** A metadata request (is it there, how large) that takes longer makes the read a 503 rather than a hang. */
const LOOKUP_TIMEOUT_MS = 5_000;
/** Multipart uploads: part size × parts in flight is what one upload holds in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** The most keys one DeleteObjects request takes. */
const DELETE_BATCH = 1000;

export function s3StorageDriver(config: S3StorageConfig): StorageDriver {
  const Bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
    // Checksums only where the API requires them: many S3-compatible stores refuse the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  const checked = (key: string) => {
    if (!isValidKey(key)) throw fileNotFound();
    return key;
  };

  async function* list(prefix: string): AsyncGenerator<{ key: string; size: number }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client
        .send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        .catch((error: unknown) => {
          throw storageUnavailable(error);
        });
      for (const object of page.Contents ?? [])
        if (object.Key) yield { key: object.Key, size: Number(object.Size ?? 0) };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  function bodyStream(key: string, etag: string, range?: ByteRange): ReadableStream<Uint8Array> {
    let body: Readable | undefined;
    let chunks: AsyncIterator<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!chunks) {
          const answer = await client
            .send(
              new GetObjectCommand({
                Bucket,
                Key: key,
                Range: range ? `bytes=${range.start}-${range.end}` : undefined,
                // The bytes described by the headers already sent, or none.
                IfMatch: etag,
              }),
            )
            .catch((error: unknown) => {
              throw storageUnavailable(error);
            });
          body = answer.Body as Readable;
          chunks = body[Symbol.asyncIterator]();
        }
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel() {
        body?.destroy();
      },
    });
  }

  return {
    kind: "s3",
    async put(key: string, data: Readable, limit?: SizeLimit) {
      const upload = measuredUpload(data, limit);
      const transfer = new Upload({
        client,
        params: { Bucket, Key: checked(key), Body: upload.body },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // A failed multipart upload is aborted, its parts deleted: nothing is left to pay for.
        leavePartsOnError: false,
      });
      try {
        await transfer.done();
      } catch (error) {
        const callerError = upload.callerError();
        data.destroy();
        throw callerError ?? storageUnavailable(error);
      }
      return upload.size();
    },
    async read(key): Promise<StoredObject> {
      const head = await client
        .send(new HeadObjectCommand({ Bucket, Key: checked(key) }), {
          abortSignal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
        })
        .catch((error: unknown) => {
          throw isNotFound(error) ? fileNotFound() : storageUnavailable(error);
        });
      const etag = head.ETag ?? "";
      return {
        size: Number(head.ContentLength ?? 0),
        modifiedAt: head.LastModified ?? new Date(0),
        etag,
        stream: (range) => bodyStream(key, etag, range),
      };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) })).catch((error: unknown) => {
        throw storageUnavailable(error);
      });
    },
    async deletePrefix(prefix) {
      // Listed first, deleted after: deleting while paging could make the listing skip keys.
      const keys: { Key: string }[] = [];
      for await (const { key } of list(`${checked(prefix.replace(/\/+$/, ""))}/`)) keys.push({ Key: key });
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const Objects = keys.slice(start, start + DELETE_BATCH);
        await client
          .send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }))
          .catch((error: unknown) => {
            throw storageUnavailable(error);
          });
      }
    },
    list,
    async isReady() {
      return client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(2_000) }).then(
        () => true,
        () => false,
      );
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return named.name === "NotFound" || named.name === "NoSuchKey" || named.$metadata?.httpStatusCode === 404;
}
