import type { QueryClient } from '@tanstack/react-query';
import { TwoStepRequirementText } from '../../model/auth/two-step-requirement';
import { ApiError, errorMessageOf } from '../../services/http/api-error';
import type { SessionActor } from './session.runtime';

/**
 * Issue 44: the server's 403 for a member whose practice requires two-step sign-in and who has not turned it on,
 * told apart from any other 403 by its words, which the server and the app share.
 */
export function isTwoStepSetupRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && errorMessageOf(error.body).errorMessage === TwoStepRequirementText.setupFirst;
}

/**
 * Every query and mutation of the signed-in portal that the server holds back for this reason tells the session, which
 * leads to the account tab rather than leaving the page on an error; so does one already in the cache. Answers the way
 * to stop listening.
 */
export function watchTwoStepRefusals(client: QueryClient, session: SessionActor): () => void {
  const hold = (error: unknown) => {
    if (isTwoStepSetupRefusal(error)) session.send({ type: 'session.twoStepRequired' });
  };
  // A refusal answered before the watcher started (it loads after the first page) leads there too.
  client
    .getQueryCache()
    .getAll()
    .forEach((query) => hold(query.state.error));
  const queries = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') hold(event.action.error);
  });
  const mutations = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') hold(event.action.error);
  });
  return () => {
    queries();
    mutations();
  };
}
