import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { kitSearchMachine, type KitSearchEvent } from '../../src/machines/kits/kit-search.machine';
import { selectKitSearch } from '../../src/machines/kits/kit-search.selectors';
import { describePaths, recordTransitions } from '../support/path-tests';

const HINT_TEXTS = ['a', 'ab', ' ab '];

describePaths(kitSearchMachine, {
  name: 'the HCP kit search (kits §4, §5, §9): debounced 400 ms, 1–2 characters send nothing, empty sends no search',
  events: {
    'search.type': [
      { type: 'search.type', text: 'ab' },
      { type: 'search.type', text: ' Age ' },
      { type: 'search.type', text: '' },
    ],
  },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, path }) => {
    const view = selectKitSearch(snapshot);
    const steps = path.steps.map(({ event }) => event as KitSearchEvent | { type: string });
    // The search sent is whatever was typed last before a full 400 ms pause, trimmed, unless that was 1–2 characters.
    let typed = '';
    let sent = '';
    for (const event of steps) {
      if ('text' in event) typed = event.text;
      else if (event.type.startsWith('xstate.after') && !HINT_TEXTS.includes(typed)) sent = typed.trim();
    }
    expect(view.query).toBe(sent);
    expect(view.text).toBe(typed);
    expect(['', 'Age']).toContain(view.query);
    // The hint shows once the text has settled at 1–2 characters, never while typing, never for an empty box.
    expect(view.tooShort).toBe(!view.typing && HINT_TEXTS.includes(view.text));
    expect(view.typing).toBe(steps.at(-1)?.type === 'search.type');
  },
});

describe('the search waits for the typing to stop', () => {
  const inspect = recordTransitions();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing until 400 ms after the last key, then the whole text; each key restarts the wait', () => {
    const actor = createActor(kitSearchMachine, { inspect }).start();
    for (const text of ['a', 'ag', 'age']) {
      actor.send({ type: 'search.type', text });
      vi.advanceTimersByTime(300);
    }
    expect(selectKitSearch(actor.getSnapshot())).toMatchObject({ query: '', typing: true, tooShort: false });
    vi.advanceTimersByTime(99);
    expect(selectKitSearch(actor.getSnapshot()).query).toBe('');
    vi.advanceTimersByTime(1);
    expect(selectKitSearch(actor.getSnapshot())).toMatchObject({ query: 'age', typing: false, tooShort: false });
  });

  it('1–2 characters keep the last search and show the hint; clearing the box sends no search', () => {
    const actor = createActor(kitSearchMachine, { inspect }).start();
    actor.send({ type: 'search.type', text: 'KIT-1' });
    vi.advanceTimersByTime(400);
    actor.send({ type: 'search.type', text: 'KI' });
    vi.advanceTimersByTime(400);
    expect(selectKitSearch(actor.getSnapshot())).toMatchObject({ text: 'KI', query: 'KIT-1', tooShort: true });
    actor.send({ type: 'search.type', text: '   ' });
    vi.advanceTimersByTime(400);
    expect(selectKitSearch(actor.getSnapshot())).toMatchObject({ query: '', tooShort: false });
  });
});
