/** A path that would leave the server's root (`..`, absolute, NUL, or a symlink pointing out). */
export class PathEscapeError extends Error {
  constructor(readonly path: string) {
    super(`The path "${path}" is outside the server's files.`);
  }
}
