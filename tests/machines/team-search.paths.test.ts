import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { teamSearchMachine, type TeamSearchEvent } from '../../src/machines/team/team-search.machine';
import { selectTeamSearch } from '../../src/machines/team/team-search.selectors';
import { describePaths, recordTransitions } from '../support/path-tests';

describePaths(teamSearchMachine, {
  name: 'the team search (kits §2): "Search by name..." debounced, every settled text sent trimmed, empty sends none',
  events: {
    'search.type': [
      { type: 'search.type', text: 'a' },
      { type: 'search.type', text: ' Ann Lee ' },
      { type: 'search.type', text: '' },
    ],
  },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, path }) => {
    const view = selectTeamSearch(snapshot);
    const steps = path.steps.map(({ event }) => event as TeamSearchEvent | { type: string });
    // The search sent is whatever was typed last before a full pause, trimmed; no minimum length.
    let typed = '';
    let sent = '';
    for (const event of steps) {
      if ('text' in event) typed = event.text;
      else if (event.type.startsWith('xstate.after')) sent = typed.trim();
    }
    expect(view.query).toBe(sent);
    expect(view.text).toBe(typed);
    expect(view.typing).toBe(steps.at(-1)?.type === 'search.type');
  },
});

describe('the team search waits for the typing to stop', () => {
  const inspect = recordTransitions();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing until 400 ms after the last key, then the whole text, even one character', () => {
    const actor = createActor(teamSearchMachine, { inspect }).start();
    actor.send({ type: 'search.type', text: 'A' });
    vi.advanceTimersByTime(399);
    expect(selectTeamSearch(actor.getSnapshot())).toEqual({ text: 'A', query: '', typing: true });
    vi.advanceTimersByTime(1);
    expect(selectTeamSearch(actor.getSnapshot())).toEqual({ text: 'A', query: 'A', typing: false });
    for (const text of ['An', 'Ann', 'Ann ']) {
      actor.send({ type: 'search.type', text });
      vi.advanceTimersByTime(300);
    }
    expect(selectTeamSearch(actor.getSnapshot()).query).toBe('A');
    vi.advanceTimersByTime(100);
    expect(selectTeamSearch(actor.getSnapshot()).query).toBe('Ann');
  });
});
