import { mkdtempSync } from 'node:fs';
import { appendFile, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AnalysisArchiveText,
  AnalysisFileText,
  AnalysisOutcomeSchema,
  ANALYSIS_UPLOAD_MAX_BYTES,
  type AnalysisOutcome,
} from '../../src/model/orders/analysis';
import { writeIdatArchive, writeNotAZip, writeZipBomb } from '../support/idat-archive';
import { snapshot, useTestServer } from './support/harness';
import { TusClient, uploadId } from './support/tus';

/**
 * Issue 42: the analysis uploads spoken in tus by hand against the reference server: creation, PATCH in chunks,
 * HEAD for the offset, a wrong offset, termination; the limits checked before a byte is taken (size, uploads under
 * way, disk space), another practice's id answering 404 to every call, and unfinished uploads swept away.
 */

const dir = mkdtempSync(join(tmpdir(), 'analysis-uploads-'));
let free = Number.MAX_SAFE_INTEGER;
const server = useTestServer(
  'pglite',
  { analysisUploadDir: dir, analysisMaxUploadsPerPractice: 2, analysisUploadTtlMs: 3_600_000 },
  { freeBytes: () => Promise.resolve(free) },
);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function client(username = 'irc.user'): Promise<TusClient> {
  const user = await server().signIn(username);
  return TusClient.of(server(), user.accessToken.token);
}

const bytes = (size: number, seed = 7): Uint8Array => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251);

async function errorMessage(answer: Response): Promise<string> {
  const body = (await answer.json()) as { error?: { message?: string } };
  return body.error?.message ?? '';
}

const onDisk = async (id: string): Promise<number | null> => (await stat(join(dir, id)).catch(() => null))?.size ?? null;

describe('the tus protocol at /Analysis/Uploads (issue 42)', () => {
  it('creates an upload at a path, takes its bytes in chunks, tells the offset, and refuses a wrong offset with 409', async () => {
    const tus = await client();
    const created = await tus.create(1000);
    expect(created.status).toBe(201);
    const location = created.headers.get('Location') ?? '';
    expect(location).toMatch(/^\/portalApi\/Analysis\/Uploads\/[0-9a-f]{32}$/);
    expect(await tus.offset(location)).toBe(0);

    const data = bytes(1000);
    expect((await tus.patch(location, 0, data.subarray(0, 300))).status).toBe(204);
    expect(await tus.offset(location)).toBe(300);
    const wrong = await tus.patch(location, 100, data.subarray(100, 200));
    expect(wrong.status).toBe(409);
    expect(await tus.offset(location)).toBe(300);
    expect(await onDisk(uploadId(location))).toBe(300);

    const outcome = await tus.outcome(location);
    expect(outcome.status).toBe(200);
    expect(await outcome.json()).toMatchObject({ state: 'uploading' });
    // A refused archive (these bytes are no zip) is deleted once its last byte is in.
    await tus.upload(location, data, 256, 300);
    await server().analysis.settled();
    const refused = (await (await tus.outcome(location)).json()) as { state: string; message: string; problems: string[] };
    expect(refused).toMatchObject({ state: 'refused', message: AnalysisArchiveText.refused, problems: [AnalysisArchiveText.notZip] });
    expect(await onDisk(uploadId(location))).toBeNull();
  });

  it('refuses an archive over 5 GB at its creation with 413 and says why, storing nothing', async () => {
    const tus = await client();
    const before = await snapshot(server().db);
    const answer = await tus.create(ANALYSIS_UPLOAD_MAX_BYTES + 1);
    expect(answer.status).toBe(413);
    expect(await errorMessage(answer)).toBe(AnalysisFileText.tooLarge);
    expect(await snapshot(server().db)).toBe(before);
  });

  it('refuses a name that is not .zip, a missing or deferred length and an empty file, each with its reason', async () => {
    const tus = await client();
    const notZip = await tus.create(100, 'run.tar');
    expect([notZip.status, await errorMessage(notZip)]).toEqual([400, AnalysisFileText.notZip]);
    const empty = await tus.create(0);
    expect([empty.status, await errorMessage(empty)]).toEqual([400, AnalysisFileText.empty]);
    const deferred = await tus.create(100, 'run.zip', { 'Upload-Length': '', 'Upload-Defer-Length': '1' });
    expect(deferred.status).toBe(400);
    expect(await errorMessage(deferred)).toMatch(/must be known/);
    const noLength = await tus.create(100, 'run.zip', { 'Upload-Length': 'lots' });
    expect(noLength.status).toBe(400);
    expect(await errorMessage(noLength)).toMatch(/Upload-Length/);
  });

  it('answers 404 to another practice for HEAD, PATCH, DELETE and the outcome, and leaves the upload as it was', async () => {
    const owner = await client('irc.user');
    const location = await owner.start(500);
    await owner.upload(location, bytes(200), 200);
    const stranger = await client('cps.user');
    expect((await stranger.head(location)).status).toBe(404);
    const patch = await stranger.patch(location, 200, bytes(100));
    expect([patch.status, await errorMessage(patch)]).toEqual([404, AnalysisFileText.notFound]);
    expect((await stranger.delete(location)).status).toBe(404);
    expect((await stranger.outcome(location)).status).toBe(404);
    expect(await owner.offset(location)).toBe(200);
    // A made-up id is the same 404.
    expect((await owner.head('/portalApi/Analysis/Uploads/0123456789abcdef0123456789abcdef')).status).toBe(404);
    expect((await owner.head('/portalApi/Analysis/Uploads/..%2F..%2Fetc')).status).toBe(404);
  });

  it('refuses a patient and a caller without a token', async () => {
    const patient = await client('patient');
    expect((await patient.create(100)).status).toBe(403);
    const anonymous = TusClient.of(server(), 'not-a-token');
    expect((await anonymous.create(100)).status).toBe(401);
  });

  it('lets a practice have the configured number of uploads under way, and one more once one is cancelled', async () => {
    const tus = await client();
    const first = await tus.start(100);
    await tus.start(100);
    const third = await tus.create(100);
    expect(third.status).toBe(429);
    expect(await errorMessage(third)).toBe(AnalysisFileText.tooManyUploads(2));
    // Another practice has its own allowance.
    expect((await (await client('cps.user')).create(100)).status).toBe(201);

    await tus.upload(first, bytes(40), 40);
    expect(await onDisk(uploadId(first))).toBe(40);
    expect((await tus.delete(first)).status).toBe(204);
    expect(await onDisk(uploadId(first))).toBeNull();
    expect((await tus.head(first)).status).toBe(404);
    expect((await tus.create(100)).status).toBe(201);
  });

  it('refuses a creation with 507 when the disk could not hold it beside the uploads under way', async () => {
    const tus = await client();
    free = 3 * 1024 ** 3;
    try {
      expect((await tus.create(1024 ** 3)).status).toBe(201);
      // 1 GiB promised to the first, 1 GiB kept free: a second 1.5 GiB does not fit in 3 GiB.
      const answer = await tus.create(1.5 * 1024 ** 3);
      expect([answer.status, await errorMessage(answer)]).toEqual([507, AnalysisFileText.noSpace]);
    } finally {
      free = Number.MAX_SAFE_INTEGER;
    }
  });

  it('removes an upload left unfinished past its time: 404 from then on, its bytes deleted by the sweep', async () => {
    const tus = await client();
    const location = await tus.start(1000);
    await tus.upload(location, bytes(500), 500);
    server().clock.advance(3_601);
    const later = await client();
    expect((await later.head(location)).status).toBe(404);
    expect((await later.patch(location, 500, bytes(10))).status).toBe(404);
    expect(await onDisk(uploadId(location))).toBe(500);
    await server().analysis.sweep();
    expect(await onDisk(uploadId(location))).toBeNull();
    expect((await readdir(dir)).filter((name) => name.startsWith(uploadId(location)))).toEqual([]);
    // No longer under way, so it does not count against the practice.
    expect((await later.create(100)).status).toBe(201);
  });
});

describe('what the server makes of an archive it received (issue 42)', () => {
  const archives = mkdtempSync(join(tmpdir(), 'analysis-archives-'));
  afterAll(async () => {
    await rm(archives, { recursive: true, force: true });
  });

  async function send(tus: TusClient, path: string, name = 'run.zip'): Promise<{ location: string; outcome: AnalysisOutcome }> {
    const data = await readFile(path);
    const location = await tus.start(data.length, name);
    await tus.upload(location, data, 64 * 1024);
    await server().analysis.settled();
    return { location, outcome: v.parse(AnalysisOutcomeSchema, await (await tus.outcome(location)).json()) };
  }

  const count = async (table: 'orders' | 'kits'): Promise<number> =>
    Number((await server().db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n ?? 0);

  it('turns IDAT pairs into a received order with a sample per pair, due in 48 hours, in Orders and Samples; the same archive again is refused', async () => {
    const user = await server().signIn('irc.user');
    const tus = TusClient.of(server(), user.accessToken.token);
    const path = join(archives, 'good.zip');
    const written = await writeIdatArchive(path, { samples: 3, sheet: 'illumina', macNoise: true });
    const { location, outcome } = await send(tus, path);
    expect(outcome).toMatchObject({ state: 'accepted', message: null, problems: null });
    const due = new Date(server().clock.now().getTime() + 48 * 3_600_000).toISOString();
    expect(outcome.dueDate).toBe(due);
    const number = outcome.orderNumber ?? '';

    const order = await server().call('GET', `/Orders/${number}`, { token: user.accessToken.token });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ number, status: { group: 'Received' } });
    const kits = (order.body as { kits: { barcode: string; productName: string }[] }).kits;
    expect(kits.map((kit) => kit.barcode).sort()).toEqual(written.samples);
    expect(new Set(kits.map((kit) => kit.productName))).toEqual(new Set(['IDAT Analysis']));
    const list = await server().call('GET', '/Orders?page=1', { token: user.accessToken.token });
    expect(JSON.stringify(list.body)).toContain(number);
    const samples = await server().call(
      'GET',
      `/Kits?page=1&filters=${encodeURIComponent(JSON.stringify([{ column: 'barcode', operator: 'startsWith', value: '20583259' }]))}`,
      {
        token: user.accessToken.token,
      },
    );
    expect(samples.status).toBe(200);
    expect((samples.body as { items: { barcode: string }[] }).items.map((kit) => kit.barcode).sort()).toEqual(written.samples);
    // The archive is kept for the laboratory under its order's number, and nothing of the upload is left beside it.
    expect((await stat(server().analysis.acceptedPath(number))).size).toBe(written.bytes);
    expect(await onDisk(uploadId(location))).toBeNull();
    // HEAD of a finished upload says it is complete, so a client that lost the last answer goes on to the outcome.
    const head = await tus.head(location);
    expect([head.status, head.headers.get('Upload-Offset')]).toEqual([200, String(written.bytes)]);

    const orders = await count('orders');
    const again = await send(tus, path);
    expect(again.outcome).toMatchObject({ state: 'refused', problems: written.samples.map(AnalysisArchiveText.alreadyUploaded) });
    expect(await count('orders')).toBe(orders);
  });

  it.each([
    ['a zip with a ../ entry', { flaws: ['escape'] }, (name: string) => AnalysisArchiveText.escapes(name), 'escape'],
    ['an archive inside the archive', { flaws: ['nested'] }, (name: string) => AnalysisArchiveText.nested(name), 'nested'],
    ['a truncated .idat', { flaws: ['truncated'] }, (name: string) => AnalysisArchiveText.truncated(name), 'truncated'],
    ['an .idat that is not one', { flaws: ['wrongMagic'] }, (name: string) => AnalysisArchiveText.notIdat(name), 'wrongMagic'],
  ] as const)('refuses %s, says which file, deletes it and stores no order', async (_what, spec, problem, flaw) => {
    const user = await server().signIn('irc.user');
    const tus = TusClient.of(server(), user.accessToken.token);
    const path = join(archives, `${flaw}.zip`);
    const written = await writeIdatArchive(path, spec);
    const [orders, kits] = [await count('orders'), await count('kits')];
    const { location, outcome } = await send(tus, path);
    expect(outcome.state).toBe('refused');
    expect(outcome.message).toBe(AnalysisArchiveText.refused);
    expect(outcome.problems).toContain(problem(written.flawed[flaw] ?? ''));
    expect(await onDisk(uploadId(location))).toBeNull();
    expect([await count('orders'), await count('kits')]).toEqual([orders, kits]);
  });

  it('refuses an archive without IDAT pairs, a zip bomb and a file that is no zip, each with its reason', async () => {
    const user = await server().signIn('irc.user');
    const tus = TusClient.of(server(), user.accessToken.token);
    const unpaired = join(archives, 'unpaired.zip');
    await writeIdatArchive(unpaired, { samples: 1, flaws: ['missingPartner'] });
    expect((await send(tus, unpaired)).outcome.problems).toContain(AnalysisArchiveText.noPairs);
    const bomb = join(archives, 'bomb.zip');
    await writeZipBomb(bomb);
    expect((await send(tus, bomb)).outcome.problems).toEqual([AnalysisArchiveText.unpacksTooLarge]);
    const notZip = join(archives, 'not.zip');
    await writeNotAZip(notZip);
    expect((await send(tus, notZip)).outcome.problems).toEqual([AnalysisArchiveText.notZip]);
  });

  it('checks an archive whose server died while checking it, once its lease has lapsed: the sweep takes it over', async () => {
    const user = await server().signIn('irc.user');
    const tus = TusClient.of(server(), user.accessToken.token);
    const path = join(archives, 'orphan.zip');
    const written = await writeIdatArchive(path, { samples: 2 });
    const data = await readFile(path);
    const location = await tus.start(data.length);
    // Every byte but the last through tus; the last written as a dying server's disk would hold it, unchecked.
    await tus.upload(location, data.subarray(0, data.length - 1), 64 * 1024);
    const id = uploadId(location);
    await appendFile(join(dir, id), data.subarray(data.length - 1));
    const lapsed = new Date(server().clock.now().getTime() - 1_000);
    await server().db.query(`UPDATE analysis_uploads SET state = 'checking', check_lease_until = $2 WHERE id = $1`, [id, lapsed]);
    expect(await (await tus.outcome(location)).json()).toMatchObject({ state: 'checking' });

    await server().analysis.sweep();
    await server().analysis.settled();
    const outcome = v.parse(AnalysisOutcomeSchema, await (await tus.outcome(location)).json());
    expect(outcome.state).toBe('accepted');
    const order = await server().call('GET', `/Orders/${outcome.orderNumber ?? ''}`, { token: user.accessToken.token });
    expect((order.body as { kits: { barcode: string }[] }).kits.map((kit) => kit.barcode).sort()).toEqual(written.samples);
  });
});
