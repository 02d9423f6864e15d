/** An error with an HTTP status and a message that is safe to show; the error handler answers
 * `{message, errors?}` with that status (docs/architecture.md, Conventions). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
