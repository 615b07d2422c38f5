/**
 * `npm run bench:cart`: the cart's price calculation under a fast typist. Drives the real cart machine
 * (src/machines/orders/cart.machine.ts) with a fake calculation over a 50-line cart, applies 50 changes
 * quickly while the answers arrive out of order (stale ones during the changes, the rest in reverse after
 * them), and prints the requests made per change (must be 1), the answers applied (must be 1: the answer
 * to the last request) and the time per change. Exits 1 when a figure breaks its rule.
 */
import { performance } from 'node:perf_hooks';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CartItem } from '../src/model/orders/cart';
import type { Calculation, CalculationRequest } from '../src/model/orders/pricing';
import { cartMachine, type CartEvent } from '../src/machines/orders/cart.machine';
import { runMain } from './lib/run-main';

const LINES = 50;
const CHANGES = 50;
/** A stale answer arrives this many changes after its request, while the typing goes on. */
const LATE_BY = 3;

interface Pending {
  request: CalculationRequest;
  signal: AbortSignal;
  answer: (calculation: Calculation) => void;
}

const lineOf = (index: number): CartItem => ({
  id: String(1_000 + index),
  uid: `bench-${index}`,
  name: `Bench product ${index}`,
  subtitle: '',
  price: 100,
  image: null,
  quantity: 1,
});

/** The answer names its request: its total is the sum of the requested quantities. */
const answerTo = (request: CalculationRequest): Calculation => ({
  total: request.items.reduce((sum, item) => sum + item.quantity, 0),
  discount: 0,
  shippingPrice: 0,
  items: [],
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function main(): Promise<number> {
  const pending: Pending[] = [];
  const machine = cartMachine.provide({
    actors: {
      calculatePrice: fromPromise<Calculation, CalculationRequest>(
        ({ input, signal }) => new Promise((resolve) => void pending.push({ request: input, signal, answer: resolve })),
      ),
      watchOtherTabs: fromCallback<CartEvent, { owner: string }>(() => () => undefined),
    },
    actions: { persist: () => undefined },
  });
  const actor = createActor(machine, {
    input: { items: Array.from({ length: LINES }, (_, index) => lineOf(index)), checkoutKey: 'bench', owner: '1:1' },
  });
  let applied: Calculation[] = [];
  let last: Calculation | null = null;
  actor.subscribe((snapshot) => {
    if (snapshot.context.calculation !== last && snapshot.context.calculation !== null) applied.push(snapshot.context.calculation);
    last = snapshot.context.calculation;
  });
  actor.start();

  // The restored cart prices itself once; that answer is the starting point, not part of the run.
  pending.shift()?.answer(answerTo({ country: 'US', zipCode: '', items: [] }));
  await tick();
  applied = [];

  const timings: number[] = [];
  for (let change = 0; change < CHANGES; change++) {
    const id = lineOf(change % LINES).id;
    const started = performance.now();
    actor.send({ type: 'cart.setQuantity', id, quantity: 2 + change });
    timings.push(performance.now() - started);
    const late = pending[change - LATE_BY];
    if (late) late.answer(answerTo(late.request));
    await tick();
  }
  const requests = pending.length;
  const latest = pending.at(-1);
  for (const call of [...pending].reverse()) call.answer(answerTo(call.request));
  for (let turn = 0; turn < 5; turn++) await tick();
  actor.stop();

  const aborted = pending.filter((call) => call.signal.aborted).length;
  const expectedTotal = latest ? answerTo(latest.request).total : Number.NaN;
  const total = timings.reduce((sum, ms) => sum + ms, 0);
  const perChange = requests / CHANGES;
  const figures = [
    ['lines in the cart', String(LINES)],
    ['changes', String(CHANGES)],
    ['requests made per change', perChange.toFixed(2)],
    ['older requests aborted', `${aborted} of ${requests - 1}`],
    ['answers applied', String(applied.length)],
    ['applied answer is the last request’s', String(applied.at(-1)?.total === expectedTotal)],
    ['time per change (mean)', `${(total / CHANGES).toFixed(3)} ms`],
    ['time per change (max)', `${Math.max(...timings).toFixed(3)} ms`],
  ];
  const width = Math.max(...figures.map(([name]) => (name ?? '').length));
  for (const [name, value] of figures) console.log(`${(name ?? '').padEnd(width)}  ${value ?? ''}`);

  const broken = [
    perChange !== 1 && `expected 1 request per change, got ${perChange}`,
    applied.length !== 1 && `expected 1 answer applied, got ${applied.length}`,
    applied.at(-1)?.total !== expectedTotal && 'the applied answer is not the answer to the last request',
    aborted !== requests - 1 && `expected every older request aborted, got ${aborted} of ${requests - 1}`,
  ].filter((problem): problem is string => typeof problem === 'string');
  for (const problem of broken) console.error(`FAIL: ${problem}`);
  return broken.length ? 1 : 0;
}

// Explicit exit: an imported service may keep a handle open, and the report is complete by now.
runMain(main);
