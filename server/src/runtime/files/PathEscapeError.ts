// The one error class of a path leading outside a server's files, for every driver and caller:
// callers import it from here, the confined walk throws the very same class.
export { PathEscapeError } from '../confined/PathEscapeError';
