import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Props of {@link AuthLink}. */
export interface AuthLinkProps {
  to: '/login' | '/sign-up';
  children: ReactNode;
}

/** A link between log in and sign up that keeps where the visitor was going (?redirect, state). */
export function AuthLink({ to, children }: AuthLinkProps) {
  const location = useLocation();
  return (
    <Link to={{ pathname: to, search: location.search }} state={location.state}>
      {children}
    </Link>
  );
}
