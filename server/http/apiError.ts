/** Thrown by handlers (and by input decoding) to answer a non-200 envelope. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly httpStatus: number,
    message: string,
    readonly errors?: Readonly<Record<string, readonly string[]>>,
  ) {
    super(message);
  }

  get envelope(): { status: number; message: string; errors?: Record<string, string[]> } {
    const errors = this.errors && Object.fromEntries(Object.entries(this.errors).map(([field, list]) => [field, [...list]]));
    return { status: this.httpStatus, message: this.message, ...(errors ? { errors } : {}) };
  }
}
