import { Type } from 'typebox';

/** The 502 answer of every route that asks a catalogue. */
export const BadGateway = Type.Object({ message: Type.String() }, { description: 'The catalogue cannot be reached' });

/** Said in the description of every route that refuses software without plugins or mods. */
export const NotTaking = 'A server whose software takes no plugins or mods → 409.';

/** Who made a change, for the audit entry the service writes. */
export const actorOf = (request: { user?: { id: number } | null; ip: string }) => ({ userId: request.user!.id, ip: request.ip });
