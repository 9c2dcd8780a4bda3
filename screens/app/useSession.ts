import { useSelector } from '@xstate/react';
import { sessionActor } from './session';
import type { Credentials } from '../../machines/session';

export function useSession() {
  const snapshot = useSelector(sessionActor, (s) => s);
  return {
    checking: snapshot.matches('checking'),
    busy: snapshot.matches('authenticating'),
    user: snapshot.context.user,
    error: snapshot.context.error,
    errorParams: snapshot.context.errorParams,
    login: (c: Credentials) => sessionActor.send({ type: 'LOGIN', ...c }),
    logout: () => sessionActor.send({ type: 'LOGOUT' }),
  };
}
