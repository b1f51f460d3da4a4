import { Type } from 'typebox';

/** The 502 answer of the routes that resolve a setup's extensions. */
export const BadGateway = Type.Object({ message: Type.String() }, { description: 'The catalogue cannot be reached and nothing is cached' });

/** The 503 answer of an apply whose extension catalogue cannot be reached. */
export const Unavailable = Type.Object({ message: Type.String() }, { description: 'The catalogue of an extension the setup installs cannot be reached; nothing was changed' });
