import { assign, setup } from 'xstate';
import { KIT_SEARCH_DEBOUNCE_MS, kitSearchQuery } from '../../model/kits/kit-list-rules';

/**
 * The HCP kit list's search box (kits §2, §4, §5, §9): what is typed settles for 400 ms before it counts; then a
 * text of 3 or more characters becomes the search sent with the list's query, an empty one sends no search, and
 * 1 or 2 characters send nothing (the list keeps what it shows) and the hint asks for 3. Typing again restarts
 * the wait. The search is its own machine beside the shared list-filters machine: only the kit list of HCP has
 * it (and then no filters), so the one machine every list shares carries no region the other lists never enter.
 */

export interface KitSearchContext {
  /** The text as typed. */
  text: string;
  /** The search as sent with the list's query, trimmed; empty when none. */
  query: string;
}

export type KitSearchEvent = { type: 'search.type'; text: string };

export const kitSearchMachine = setup({
  types: {
    context: {} as KitSearchContext,
    events: {} as KitSearchEvent,
  },
  delays: { searchDebounce: KIT_SEARCH_DEBOUNCE_MS },
  guards: {
    tooShort: ({ context }) => kitSearchQuery(context.text) === null,
  },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    sendSearch: assign(({ context }) => ({ query: kitSearchQuery(context.text) ?? context.query })),
  },
}).createMachine({
  id: 'kitSearch',
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
      after: {
        searchDebounce: [
          { guard: 'tooShort', target: 'settled' },
          { target: 'settled', actions: 'sendSearch' },
        ],
      },
    },
  },
});
