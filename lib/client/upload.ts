// An upload with a progress bar: XMLHttpRequest, whose upload events report the bytes sent (fetch reports
// none). The one way the app's forms send a file and show how far it has got.

export interface UploadOptions {
  method: "POST" | "PUT";
  url: string;
  /** A file as the raw body (with its content type), or a multipart form. */
  body: File | FormData;
  contentType?: string;
  /** Bytes sent so far, of the total. */
  onProgress?: (sent: number, total: number) => void;
  /** Every byte is sent: the server works on it now. */
  onSent?: () => void;
  /** The answer's status that counts as done; any 2xx when left out. */
  status?: number;
  /** The sentence of a refusal without the API's own message (the status is appended), and of a cut connection. */
  messages: { failed: (status: number) => string; cutOff: string };
}

/** Resolves with the JSON answer; rejects with the API's error message, or one of `messages`. */
export function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, options.url);
    xhr.setRequestHeader("Accept", "application/json");
    if (options.contentType) xhr.setRequestHeader("content-type", options.contentType);
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    if (options.onSent) xhr.upload.onload = options.onSent;
    xhr.onload = () => {
      let body: { error?: { message?: string } } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { error?: { message?: string } };
      } catch {
        /* not JSON */
      }
      const done = options.status ? xhr.status === options.status : xhr.status >= 200 && xhr.status < 300;
      if (done) resolve(body as T);
      else reject(new Error(body?.error?.message ?? options.messages.failed(xhr.status)));
    };
    xhr.onerror = () => reject(new Error(options.messages.cutOff));
    xhr.send(options.body);
  });
}

/** A file sent as the multipart form field `file`, as the imports take it (a 201 when accepted). */
export function formOf(
  file: File,
  onProgress: (sent: number) => void,
): Pick<UploadOptions, "body" | "onProgress" | "status" | "messages"> {
  const body = new FormData();
  body.set("file", file);
  return {
    body,
    onProgress: (sent) => onProgress(sent),
    status: 201,
    messages: {
      failed: (status) => `The upload failed (${status})`,
      cutOff: "The upload was cut off: check your connection and try again",
    },
  };
}
