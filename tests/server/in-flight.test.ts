import { describe, expect, it } from 'vitest';
import { trackInFlight } from '../../server/http/in-flight';

/** A stopping server waits for the answers under way before it closes its database (server/main.ts). */

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  // Several turns of the microtask queue, so that anything already due has settled.
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  return done;
};

describe('trackInFlight', () => {
  it('is idle at once when no request is under way', async () => {
    const requests = trackInFlight(() => new Response('ok'));
    expect(await settled(requests.idle())).toBe(true);
  });

  it('becomes idle only when the last of the requests under way has its answer', async () => {
    const gates = [deferred(), deferred()];
    let next = 0;
    const requests = trackInFlight(async () => {
      await gates[next++]?.promise;
      return new Response('ok');
    });
    const first = requests.fetch(new Request('http://portal.test/a'));
    const second = requests.fetch(new Request('http://portal.test/b'));
    const idle = requests.idle();
    gates[0]?.resolve();
    await first;
    expect(await settled(idle)).toBe(false);
    gates[1]?.resolve();
    expect(await (await second).text()).toBe('ok');
    expect(await settled(idle)).toBe(true);
  });

  it('counts a request that fails as finished too, and passes its failure on', async () => {
    const gate = deferred();
    const requests = trackInFlight(async () => {
      await gate.promise;
      return new Response('never');
    });
    const failing = requests.fetch(new Request('http://portal.test/a'));
    const idle = requests.idle();
    gate.reject(new Error('the handler failed'));
    await expect(failing).rejects.toThrow('the handler failed');
    expect(await settled(idle)).toBe(true);
  });
});
