import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isHttpApiError } from '../../../api/apiError';
import { useListAccountInvitationsQuery, useLookUpServerInvitationMutation, type Invitation } from '../../../api/sharing';
import { forgetInvitationToken, readInvitationTokens, rememberInvitationToken } from '../../../core/session/invitationTokens';

/** An invitation waiting for an answer, with the token that accepts it when this browser has it. */
export interface PendingInvitation {
  invitation: Invitation;
  token: string | null;
}

/**
 * The invitations waiting on the dashboard: those whose mailed link was opened here (the token is
 * taken out of the address and kept until answered) and those addressed to the account's email.
 * A kept token whose invitation is gone (used, withdrawn, expired) is reported once in `dead`.
 */
export function usePendingInvitations() {
  const [params, setParams] = useSearchParams();
  const fromLink = params.get('invitation');
  const [tokens, setTokens] = useState<string[]>(() => (fromLink ? rememberInvitationToken(fromLink) : readInvitationTokens()));
  const [found, setFound] = useState<Record<string, Invitation>>({});
  const [dead, setDead] = useState<string[]>([]);
  const byEmail = useListAccountInvitationsQuery();
  const [lookUp] = useLookUpServerInvitationMutation();

  // A link opened while the dashboard is shown joins the kept tokens (React's pattern for state
  // derived from props, adjusted while rendering).
  if (fromLink && !tokens.includes(fromLink)) setTokens(rememberInvitationToken(fromLink));
  // The token leaves the address at once: it is kept in storage, not in the history or a bookmark.
  useEffect(() => {
    if (!fromLink) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invitation');
        return next;
      },
      { replace: true },
    );
  }, [fromLink, setParams]);

  // Each kept token is looked up once (a reload looks it up again).
  const requested = useRef(new Set<string>());
  useEffect(() => {
    for (const token of tokens) {
      if (requested.current.has(token)) continue;
      requested.current.add(token);
      void lookUp({ body: { token } }).then((result) => {
        if ('data' in result && result.data) setFound((known) => ({ ...known, [token]: result.data.data }));
        else if (isHttpApiError(result.error) && result.error.status === 404) {
          setTokens(forgetInvitationToken(token));
          setDead((known) => [...known, token]);
        } else requested.current.delete(token);
      });
    }
  }, [tokens, lookUp]);

  const withToken: PendingInvitation[] = tokens.flatMap((token) => (found[token] ? [{ invitation: found[token], token }] : []));
  const seen = new Set(withToken.map(({ invitation }) => invitation.uuid));
  const pending = [...withToken, ...(byEmail.data?.data ?? []).filter((invitation) => !seen.has(invitation.uuid)).map((invitation) => ({ invitation, token: null }))];
  return {
    pending,
    dead: dead.length > 0,
    dismissDead: () => setDead([]),
    /** The invitation was answered: its token is forgotten. */
    answered: (token: string | null) => {
      if (token) setTokens(forgetInvitationToken(token));
      void byEmail.refetch();
    },
  };
}
