/**
 * A request refused for a reason the user can act on. Services throw it; the API's error
 * handler answers with its status and message (safe to show), so routes need no try/catch.
 */
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 429,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
