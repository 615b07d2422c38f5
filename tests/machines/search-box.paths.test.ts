import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { KIT_SEARCH_MIN_CHARS } from '../../src/model/kits/kit-list-rules';
import { searchBoxMachine, type SearchBoxEvent } from '../../src/machines/lists/search-box.machine';
import { selectSearchBox } from '../../src/machines/lists/search-box.selectors';
import { describePaths, recordTransitions } from '../support/path-tests';

/** The two search boxes: the HCP kit list's (kits §4, §5, §9: 3 characters at least) and the team's (any length). */
const BOXES = [
  { name: 'the HCP kit search', minChars: KIT_SEARCH_MIN_CHARS, texts: ['ab', ' Age ', ''] },
  { name: 'the team search', minChars: 0, texts: ['a', ' Ann Lee ', ''] },
] as const;

for (const box of BOXES) {
  const tooShort = (text: string) => text.trim().length > 0 && text.trim().length < box.minChars;
  describePaths(searchBoxMachine, {
    name: `${box.name}: debounced 400 ms, every settled text sent trimmed unless shorter than ${box.minChars}, empty sends none`,
    input: { minChars: box.minChars },
    events: { 'search.type': box.texts.map((text) => ({ type: 'search.type', text })) },
    check: { context: true, tags: true },
    afterPath: ({ snapshot, path }) => {
      const view = selectSearchBox(snapshot);
      const steps = path.steps.map(({ event }) => event as SearchBoxEvent | { type: string });
      // The search sent is whatever was typed last before a full pause, trimmed, unless it was too short.
      let typed = '';
      let sent = '';
      for (const event of steps) {
        if ('text' in event) typed = event.text;
        else if (event.type.startsWith('xstate.after') && !tooShort(typed)) sent = typed.trim();
      }
      expect(view.query).toBe(sent);
      expect(view.text).toBe(typed);
      // The hint shows once a too-short text has settled, never while typing, never for an empty box.
      expect(view.tooShort).toBe(!view.typing && tooShort(view.text));
      expect(view.typing).toBe(steps.at(-1)?.type === 'search.type');
    },
  });
}

describe('a search waits for the typing to stop', () => {
  const inspect = recordTransitions();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing until 400 ms after the last key, then the whole text; each key restarts the wait', () => {
    const actor = createActor(searchBoxMachine, { input: { minChars: KIT_SEARCH_MIN_CHARS }, inspect }).start();
    for (const text of ['a', 'ag', 'age']) {
      actor.send({ type: 'search.type', text });
      vi.advanceTimersByTime(300);
    }
    expect(selectSearchBox(actor.getSnapshot())).toMatchObject({ query: '', typing: true, tooShort: false });
    vi.advanceTimersByTime(99);
    expect(selectSearchBox(actor.getSnapshot()).query).toBe('');
    vi.advanceTimersByTime(1);
    expect(selectSearchBox(actor.getSnapshot())).toMatchObject({ query: 'age', typing: false, tooShort: false });
  });

  it('kit search: 1–2 characters keep the last search and show the hint; clearing the box sends no search', () => {
    const actor = createActor(searchBoxMachine, { input: { minChars: KIT_SEARCH_MIN_CHARS }, inspect }).start();
    actor.send({ type: 'search.type', text: 'KIT-1' });
    vi.advanceTimersByTime(400);
    actor.send({ type: 'search.type', text: 'KI' });
    vi.advanceTimersByTime(400);
    expect(selectSearchBox(actor.getSnapshot())).toMatchObject({ text: 'KI', query: 'KIT-1', tooShort: true });
    actor.send({ type: 'search.type', text: '   ' });
    vi.advanceTimersByTime(400);
    expect(selectSearchBox(actor.getSnapshot())).toMatchObject({ query: '', tooShort: false });
  });

  it('team search: one character is sent, and never shows the hint', () => {
    const actor = createActor(searchBoxMachine, { input: { minChars: 0 }, inspect }).start();
    actor.send({ type: 'search.type', text: 'A' });
    vi.advanceTimersByTime(399);
    expect(selectSearchBox(actor.getSnapshot())).toEqual({ text: 'A', query: '', typing: true, tooShort: false });
    vi.advanceTimersByTime(1);
    expect(selectSearchBox(actor.getSnapshot())).toEqual({ text: 'A', query: 'A', typing: false, tooShort: false });
  });
});
