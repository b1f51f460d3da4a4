import { useState } from 'react';
import type { User } from '../../api/auth';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorDisable } from './TwoFactorDisable';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

/**
 * Two-factor authentication: enrolment when it is off, the recovery codes once right after it is
 * turned on, and turning it off again.
 */
export function TwoFactorSection({ user }: { user: User }) {
  // Held only here, never in the store, so they disappear for good once dismissed.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (user.use_totp) return <TwoFactorDisable />;
  return <TwoFactorEnrolment onEnabled={setRecoveryCodes} />;
}
