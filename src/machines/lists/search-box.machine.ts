import { assign, setup } from 'xstate';
import { SEARCH_DEBOUNCE_MS, searchQuery } from '../../model/lists/search';

/**
 * A list's search box (kits §2, §4, §5, §9): the HCP kit list's (3 characters at least) and the team's "Search by
 * name..." (any length). What is typed settles for 400 ms before it counts; then the trimmed text becomes the
 * search sent with the list's query, an empty one sends no search, and one shorter than `minChars` sends nothing
 * (the list keeps what it shows; the kit list's hint asks for 3). Typing again restarts the wait. The search is its
 * own machine beside the shared list-filters machine: only some lists have a search box.
 */

export interface SearchBoxInput {
  /** The fewest characters a search is sent with; 0 for none. */
  minChars: number;
}

export interface SearchBoxContext extends SearchBoxInput {
  /** The text as typed. */
  text: string;
  /** The search as sent with the list's query, trimmed; empty when none. */
  query: string;
}

export type SearchBoxEvent = { type: 'search.type'; text: string };

export const searchBoxMachine = setup({
  types: {
    input: {} as SearchBoxInput,
    context: {} as SearchBoxContext,
    events: {} as SearchBoxEvent,
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    tooShort: ({ context }) => searchQuery(context.text, context.minChars) === null,
  },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    sendSearch: assign(({ context }) => ({ query: searchQuery(context.text, context.minChars) ?? context.query })),
  },
}).createMachine({
  id: 'searchBox',
  context: ({ input }) => ({ minChars: input.minChars, text: '', query: '' }),
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
      after: {
        searchDebounce: [
          { guard: 'tooShort', target: 'settled' },
          { target: 'settled', actions: 'sendSearch' },
        ],
      },
    },
  },
});
