import { Type } from 'typebox';

/** The 502 answer of every route that asks the catalogue. */
export const BadGateway = Type.Object({ message: Type.String() }, { description: 'The catalogue cannot be reached; nothing was changed' });

/** The 507 answer of an install that does not fit the plan's disk space. */
export const NoSpace = Type.Object({ message: Type.String() }, { description: 'The modpack does not fit in the plan’s disk space; nothing was changed' });
