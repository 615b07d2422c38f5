import { assign, setup } from 'xstate';
import { TEAM_SEARCH_DEBOUNCE_MS, teamSearchQuery } from '../../model/users/team-list';

/**
 * The team page's "Search by name..." box (kits §2): what is typed settles for a moment before it counts, then
 * becomes the search sent with the list's query, trimmed (an empty box sends none). Typing again restarts the
 * wait. Unlike the kit search there is no minimum length, so every settled text is sent.
 */

export interface TeamSearchContext {
  /** The text as typed. */
  text: string;
  /** The search as sent with the list's query; empty when none. */
  query: string;
}

export type TeamSearchEvent = { type: 'search.type'; text: string };

export const teamSearchMachine = setup({
  types: {
    context: {} as TeamSearchContext,
    events: {} as TeamSearchEvent,
  },
  delays: { searchDebounce: TEAM_SEARCH_DEBOUNCE_MS },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    sendSearch: assign(({ context }) => ({ query: teamSearchQuery(context.text) })),
  },
}).createMachine({
  id: 'teamSearch',
  context: { text: '', query: '' },
  initial: 'settled',
  states: {
    settled: {
      on: { 'search.type': { target: 'typing', actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } } },
    },
    typing: {
      tags: ['typing'],
      on: {
        'search.type': { target: 'typing', reenter: true, actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
      },
      after: { searchDebounce: { target: 'settled', actions: 'sendSearch' } },
    },
  },
});
