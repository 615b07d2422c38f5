import { beforeEach, describe, expect, it, vi } from 'vitest';
import { manifestChecker, type ManifestOutcome } from '../../src/services/orders/manifest-check';

/** A stand-in for the browser's Worker: it remembers what it was sent and answers when the test says. */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  posted: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.started.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const request = { file: new File(['x'], 'run.xlsx'), unitType: 1 };
const ready: ManifestOutcome = { kind: 'unreadable', reason: 'The file is empty.' };

beforeEach(async () => {
  vi.stubGlobal('Worker', FakeWorker);
  // The module keeps its worker between checks: an aborted check ends the one an earlier test left.
  const abort = new AbortController();
  const clearing = manifestChecker.run(request, abort.signal);
  abort.abort();
  await clearing.catch(() => undefined);
  FakeWorker.started = [];
});

describe('the manifest check in its worker (issue 9 item 5)', () => {
  it('starts one module worker, posts the file, and keeps the worker for the next check', async () => {
    const first = manifestChecker.run(request, new AbortController().signal);
    const worker = FakeWorker.started[0];
    expect(worker?.options.type).toBe('module');
    expect(worker?.url.pathname).toMatch(/manifest-worker\.ts$/);
    expect(worker?.posted).toEqual([request]);
    worker?.answer({ ok: true, outcome: ready });
    await expect(first).resolves.toEqual(ready);
    const second = manifestChecker.run(request, new AbortController().signal);
    worker?.answer({ ok: false, message: 'The manifest check received no file' });
    await expect(second).rejects.toThrow('The manifest check received no file');
    expect(FakeWorker.started).toHaveLength(1);
  });

  it('an abort ends the check with its worker; a new check while one runs replaces it', async () => {
    const abort = new AbortController();
    const first = manifestChecker.run(request, abort.signal);
    abort.abort();
    await expect(first).rejects.toThrow();
    expect(FakeWorker.started[0]?.terminated).toBe(true);

    const running = manifestChecker.run(request, new AbortController().signal);
    const next = manifestChecker.run(request, new AbortController().signal);
    await expect(running).rejects.toThrow();
    expect(FakeWorker.started[1]?.terminated).toBe(true);
    FakeWorker.started[2]?.answer({ ok: true, outcome: ready });
    await expect(next).resolves.toEqual(ready);
  });

  it('a worker that fails is not used again, and an answer of another shape is refused', async () => {
    const crashed = manifestChecker.run(request, new AbortController().signal);
    FakeWorker.started[0]?.dispatchEvent(new ErrorEvent('error', { message: 'SyntaxError in worker' }));
    await expect(crashed).rejects.toThrow('SyntaxError in worker');
    expect(FakeWorker.started[0]?.terminated).toBe(true);
    const odd = manifestChecker.run(request, new AbortController().signal);
    FakeWorker.started[1]?.answer({ ok: true, outcome: { kind: 'party' } });
    await expect(odd).rejects.toThrow('unknown shape');
  });
});
