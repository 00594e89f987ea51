/**
 * Which stage the session is at decides where the staff member may be: nobody signed in, or
 * waiting for a second factor, goes to sign-in; a session that must enrol a second factor goes to
 * enrolment; each comes back to the address asked for afterwards.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths, withNext } from '../lib/paths.ts';
import { SessionContext, useSessionQuery } from '../lib/session.ts';
import { Loading, ProblemNotice } from '../ui/notice.tsx';

function useHere() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

function SessionProblem(props: { error: unknown }) {
  return (
    <main className="public-main">
      <ProblemNotice error={props.error} />
    </main>
  );
}

export function SignedInGuard() {
  const session = useSessionQuery();
  const here = useHere();
  if (session.isPending) return <Loading />;
  if (session.isError) return <SessionProblem error={session.error} />;
  const data = session.data;
  if (!data || data.stage === 'second_factor') return <Navigate to={withNext(paths.signIn, here)} replace />;
  if (data.stage === 'enrolment') return <Navigate to={withNext(paths.enrolment, here)} replace />;
  return (
    <SessionContext.Provider value={data}>
      <Outlet />
    </SessionContext.Provider>
  );
}

export function EnrolmentGuard() {
  const session = useSessionQuery();
  const here = useHere();
  if (session.isPending) return <Loading />;
  if (session.isError) return <SessionProblem error={session.error} />;
  const data = session.data;
  if (!data || data.stage === 'second_factor') return <Navigate to={withNext(paths.signIn, here)} replace />;
  return (
    <SessionContext.Provider value={data}>
      <Outlet />
    </SessionContext.Provider>
  );
}
