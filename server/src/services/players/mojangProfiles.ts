import { HttpError, ValidationError } from '../../lib/errors';

/** Mojang's name → profile lookup (online-mode servers know players by these UUIDs). */
export const MOJANG_PROFILE_URL = 'https://api.mojang.com/users/profiles/minecraft/';

const TTL_MS = 60 * 60 * 1000;
const cache = new Map<string, { at: number; profile: { uuid: string; name: string } }>();

/** `0123…` (32 hex digits, as Mojang answers) → the dashed form the game's files use. */
function dashed(id: string): string {
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

/**
 * The account of a name, from Mojang's profile API, cached for an hour. 422 when no account has
 * that name; 502 with a plain message when the service cannot be reached.
 */
export async function resolveMojangProfile(name: string, field = 'name'): Promise<{ uuid: string; name: string }> {
  const key = name.toLowerCase();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.profile;
  let response: Response;
  try {
    response = await fetch(`${MOJANG_PROFILE_URL}${encodeURIComponent(name)}`, { signal: AbortSignal.timeout(5000) });
  } catch {
    throw new HttpError(502, 'Mojang’s profile service cannot be reached, so the UUID of this online-mode player is unknown. Try again later.');
  }
  if (response.status === 204 || response.status === 404) throw new ValidationError({ [field]: [`No Minecraft account is called ${name}.`] });
  if (!response.ok) throw new HttpError(502, `Mojang’s profile service answered ${response.status}; try again later.`);
  const body = (await response.json()) as { id?: string; name?: string };
  if (!body.id || !/^[0-9a-f]{32}$/i.test(body.id)) throw new HttpError(502, 'Mojang’s profile service gave an answer the panel cannot read.');
  const profile = { uuid: dashed(body.id.toLowerCase()), name: body.name ?? name };
  cache.set(key, { at: Date.now(), profile });
  return profile;
}

/** Forgets every cached profile (tests). */
export function clearMojangCache(): void {
  cache.clear();
}
