import { generate } from 'otplib';

const STEP_SECONDS = 30;
/** The panel accepts the code of the step before the current one (30 s of clock drift). */
const TOLERANCE_STEPS = 1;
/** Too close to a step's end, a code of the step before could arrive after it stopped counting. */
const MARGIN_MS = 3_000;

/** The TOTP time step of a moment (seconds since the epoch / 30). */
export const totpStep = (ms = Date.now()): number => Math.floor(ms / 1000 / STEP_SECONDS);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code from the secret for a time step after `usedStep`. The panel accepts each step's code
 * once, and the previous step's code too: a first code is the previous step's, so the next
 * login can use the current step's at once instead of waiting up to 30 s for a new one. Waits
 * only when no accepted step after `usedStep` is left.
 */
export async function freshTotpCode(secret: string, usedStep: number | null = null): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = totpStep(now);
    const msLeft = (current + 1) * STEP_SECONDS * 1000 - now;
    const oldest = msLeft > MARGIN_MS ? current - TOLERANCE_STEPS : current;
    const step = usedStep === null ? oldest : Math.max(oldest, usedStep + 1);
    if (step <= current) return { code: await generate({ secret, epoch: step * STEP_SECONDS }), step };
    await pause((current + 1) * STEP_SECONDS * 1000 - now + 250);
  }
}
