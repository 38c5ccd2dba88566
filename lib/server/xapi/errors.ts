// The LRS answers errors as the xAPI spec asks (a status and a plain message), not in the app's JSON
// error shape: xAPI clients read the status code.

export class XapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new XapiError(400, message);
