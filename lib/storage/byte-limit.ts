import { Transform } from "node:stream";

/** Passes bytes through until more than `maxBytes` went by, then fails the stream with `tooLarge()`. */
export function byteLimit(maxBytes: number, tooLarge: () => Error): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? tooLarge() : null, chunk);
    },
  });
}
