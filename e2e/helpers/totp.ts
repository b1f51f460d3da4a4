import { generate } from 'otplib';

const STEP_SECONDS = 30;

/** The TOTP time step of a moment (seconds since the epoch / 30). */
export const totpStep = (ms = Date.now()): number => Math.floor(ms / 1000 / STEP_SECONDS);

/**
 * A code from the secret for a time step after `usedStep`, waiting for that step when needed:
 * the panel accepts each step's code once, so a second login in the same 30 s needs the next one.
 */
export async function freshTotpCode(secret: string, usedStep: number | null = null): Promise<{ code: string; step: number }> {
  if (usedStep !== null) {
    const waitMs = (usedStep + 1) * STEP_SECONDS * 1000 - Date.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 250));
  }
  const now = Date.now();
  return { code: await generate({ secret, epoch: Math.floor(now / 1000) }), step: totpStep(now) };
}
