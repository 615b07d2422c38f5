import { ACCOUNTS, type Account } from './portal-api-accounts';
import { matchesAny, readFilters, whole, type Filter as ListFilter } from './list-query';
import type { Json } from './portal-api-fake';
import type { Answer } from './portal-api-ordering';

/**
 * The team part of the contract fake, from kits §2, §3, §7 and the README's contract decisions only: `GET /Users`
 * pages of `{ items, page, hasMore }` (page from 1, default size 10), searched by `searchQuery` (the whole name),
 * sorted by `sortColumn` and `sortDirection` and filtered like every list; `GET`, `PUT`, `DELETE /Users/{uid}`,
 * `POST /Users` and `PATCH /Users/{uid}/notifications`. A member's `uid` is a string (its `id` a number, which the
 * client does not use). Like a real service it adds fields nobody asked for, leaves optional ones out, words its
 * refusals its own way (404 for a uid not in the practice, 409 for a taken email and for deleting the signed-in
 * user), and checks what it is sent exactly, answering 400 with the first problem.
 */

type JsonObject = { [key: string]: Json };

const COLUMNS = ['name', 'username', 'email', 'phone'] as const;
type Column = (typeof COLUMNS)[number];
const isColumn = (value: unknown): value is Column => COLUMNS.some((column) => column === value);

const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });
const ok = (json: Json, status = 200): Answer => ({ status, json });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface FakeMember {
  practiceId: number;
  id: number;
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Left out of the answer when null. */
  phone: string | null;
  username: string;
  userType: number;
  receiveNotifications: boolean;
  notificationPreferences: string[];
}

const FIRST = ['Aaron', 'Beatrix', 'Carmen', 'Dario', 'Esther', 'Felix', 'Gwen', 'Hugo', 'Iris', 'Jasper', 'Kiri'];
const LAST = ['Moss', 'Quint', 'Vale', 'Wren'];
/** Nurse, Office Manager, Receptionist, Physician Assistant: disciplines a practice gives. */
const TYPES = [9, 5, 7, 6];

const textOf = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

/**
 * The Harbor practice (11) has 12 members, two pages of ten: Grace Hall, the signed-in user (her `me.uid`), and
 * eleven colleagues. Lakeshore (21) has one, never shown to Harbor.
 */
export function seedMembers(accounts: readonly Account[]): FakeMember[] {
  const members: FakeMember[] = [];
  for (const account of accounts) {
    const me = account.me;
    if (members.some((member) => member.uid === me.uid)) continue;
    members.push({
      practiceId: account.practiceId,
      id: account.userId,
      uid: textOf(me.uid),
      firstName: textOf(me.firstName),
      lastName: textOf(me.lastName),
      email: textOf(me.email),
      phone: typeof me.phone === 'string' ? me.phone : null,
      username: textOf(me.username),
      userType: account.userType,
      receiveNotifications: me.receiveNotifications === true,
      notificationPreferences: [],
    });
  }
  FIRST.forEach((first, i) => {
    const last = LAST[i % LAST.length] ?? 'Moss';
    members.push({
      practiceId: 11,
      id: 700 + i,
      uid: `usr_h${String(i + 1).padStart(2, '0')}`,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@harbor.example`,
      phone: i % 3 === 1 ? null : `(207) 555-02${String(10 + i)}`,
      username: `${first.toLowerCase()}.${last.toLowerCase()}`,
      userType: TYPES[i % TYPES.length] ?? 9,
      receiveNotifications: i % 2 === 0,
      notificationPreferences: i === 0 ? ['kit-status'] : [],
    });
  });
  members.push({
    practiceId: 21,
    id: 800,
    uid: 'usr_l01',
    firstName: 'Lake',
    lastName: 'Shore',
    email: 'lake.shore@lakeshore.example',
    phone: null,
    username: 'lake.shore',
    userType: 5,
    receiveNotifications: true,
    notificationPreferences: [],
  });
  return members;
}

/** The member as the service writes it: extra fields, the phone left out when it has none. */
function record(member: FakeMember): JsonObject {
  return {
    id: member.id,
    uid: member.uid,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    ...(member.phone === null ? {} : { phone: member.phone }),
    username: member.username,
    userType: member.userType,
    receiveNotifications: member.receiveNotifications,
    notificationPreferences: member.notificationPreferences,
    // Fields the contract does not know.
    status: 'Active',
    createdAt: '2025-11-02T09:00:00Z',
  };
}

const nameOf = (member: FakeMember) => `${member.firstName} ${member.lastName}`;

function valueOf(member: FakeMember, column: Column): string | null {
  if (column === 'name') return nameOf(member);
  return member[column];
}

/** The exact keys of a body, or the first problem with them. */
function exactKeys(body: unknown, keys: readonly string[]): Record<string, unknown> | string {
  if (!isObject(body)) return 'The body must be a JSON object';
  const extra = Object.keys(body).filter((key) => !keys.includes(key));
  if (extra.length) return `Unknown field ${extra[0] ?? ''}`;
  const missing = keys.filter((key) => !(key in body));
  if (missing.length) return `Missing field ${missing[0] ?? ''}`;
  return body;
}

const text = (value: unknown) => typeof value === 'string' && value.trim() !== '' && value === value.trim();
/** The roles that sign in to the provider portal: the only ones a practice gives (README decisions). */
const TEAM_TYPES = [2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/** The profile fields every write checks: trimmed texts, a boolean, an empty list, a team discipline. */
function profileProblem(body: Record<string, unknown>): string | null {
  for (const key of ['firstName', 'lastName', 'phone']) if (!text(body[key])) return `${key} must be trimmed, non-blank text`;
  if (typeof body.receiveNotifications !== 'boolean') return 'receiveNotifications must be a boolean';
  if (!Array.isArray(body.notificationPreferences) || body.notificationPreferences.length !== 0)
    return 'notificationPreferences must be sent empty';
  if (typeof body.userType !== 'number' || !TEAM_TYPES.includes(body.userType)) return 'userType must be a team discipline';
  return null;
}

const CREATE_KEYS = ['firstName', 'lastName', 'email', 'phone', 'receiveNotifications', 'notificationPreferences', 'userType'];
const UPDATE_KEYS = ['firstName', 'lastName', 'phone', 'receiveNotifications', 'notificationPreferences', 'userType'];
const NOTIFICATION_KEYS = ['receiveNotifications', 'notificationPreferences', 'userType'];

/** The fake's part for the team (kits §2, §3, §7 Users: GET /Users, GET/PUT/DELETE /Users/{uid}, POST /Users, PATCH /Users/{uid}/notifications). */
export class UsersFake {
  private members: FakeMember[] | null = null;
  private created = 0;

  /** The practice's members as the service holds them now. */
  membersOf(practiceId: number): FakeMember[] {
    return this.all().filter((member) => member.practiceId === practiceId);
  }

  private all(): FakeMember[] {
    this.members ??= seedMembers(ACCOUNTS);
    return this.members;
  }

  /** The answer for one of these calls, or null when the call is not one of them. */
  respond(method: string, path: string, query: URLSearchParams, body: unknown, account: Account | undefined): Answer | null {
    const list = /^\/users\/?$/i.test(path);
    const match = /^\/users\/([^/]+)(\/notifications)?$/i.exec(path);
    const key = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (!list && (key === undefined || key.toLowerCase() === 'me')) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    const members = this.all();
    if (list) {
      if (method === 'GET') return this.list(query, account.practiceId, members);
      if (method === 'POST') return this.create(body, account.practiceId, members);
      return null;
    }
    const found = members.find((member) => member.practiceId === account.practiceId && member.uid === key);
    const notFound: Answer = { status: 404, json: { message: `No team member ${key ?? ''} in this practice` } };
    if (match?.[2]) {
      if (method !== 'PATCH') return null;
      if (!found) return notFound;
      const read = exactKeys(body, NOTIFICATION_KEYS);
      if (typeof read === 'string') return bad(read);
      if (typeof read.receiveNotifications !== 'boolean') return bad('receiveNotifications must be a boolean');
      if (!Array.isArray(read.notificationPreferences) || read.notificationPreferences.length)
        return bad('notificationPreferences must be sent empty');
      if (read.userType !== found.userType) return bad('userType must be the member’s own');
      found.receiveNotifications = read.receiveNotifications;
      return ok(record(found));
    }
    if (method === 'GET') return found ? ok(record(found)) : notFound;
    if (method === 'PUT') {
      if (!found) return notFound;
      const read = exactKeys(body, UPDATE_KEYS);
      if (typeof read === 'string') return bad(read);
      const problem = profileProblem(read);
      if (problem) return bad(problem);
      Object.assign(found, {
        firstName: read.firstName,
        lastName: read.lastName,
        phone: read.phone,
        receiveNotifications: read.receiveNotifications,
        userType: read.userType,
      });
      return ok(record(found));
    }
    if (method === 'DELETE') {
      if (!found) return notFound;
      if (found.uid === account.me.uid) return { status: 409, json: { error: { message: 'You may not remove your own account' } } };
      members.splice(members.indexOf(found), 1);
      return ok(true);
    }
    return null;
  }

  private create(body: unknown, practiceId: number, members: FakeMember[]): Answer {
    const read = exactKeys(body, CREATE_KEYS);
    if (typeof read === 'string') return bad(read);
    const problem = profileProblem(read);
    if (problem) return bad(problem);
    const email = read.email;
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return bad('email must be an email address');
    if (members.some((member) => member.email.toLowerCase() === email.toLowerCase()))
      return { status: 409, json: { error: { message: 'That email address is already registered' } } };
    this.created += 1;
    const member: FakeMember = {
      practiceId,
      id: 900 + this.created,
      uid: `usr_n${String(this.created).padStart(2, '0')}`,
      firstName: String(read.firstName),
      lastName: String(read.lastName),
      email,
      phone: String(read.phone),
      username: email.split('@')[0] ?? email,
      userType: Number(read.userType),
      receiveNotifications: read.receiveNotifications === true,
      notificationPreferences: [],
    };
    members.push(member);
    return ok(record(member), 201);
  }

  private list(query: URLSearchParams, practiceId: number, members: readonly FakeMember[]): Answer {
    const sortColumn = query.get('sortColumn') ?? 'name';
    const sortDirection = query.get('sortDirection') ?? 'asc';
    const page = whole(query.get('page'), 1);
    const pageSize = whole(query.get('pageSize'), 10);
    const search = (query.get('searchQuery') ?? '').trim().toLowerCase();
    if (!isColumn(sortColumn)) return bad(`sortColumn must be one of ${COLUMNS.join(', ')}`);
    if (sortDirection !== 'asc' && sortDirection !== 'desc') return bad('sortDirection must be asc or desc');
    if (!(page >= 1)) return bad('page must be a whole number from 1');
    if (!(pageSize >= 1 && pageSize <= 100)) return bad('pageSize must be a whole number from 1 to 100');
    const filters = readFilters(query, isColumn);
    if (typeof filters === 'string') return bad(filters);
    const matches = (member: FakeMember, filter: ListFilter<Column>) => matchesAny([valueOf(member, filter.column)], filter);
    const found = members
      .filter(
        (member) =>
          member.practiceId === practiceId &&
          (!search || nameOf(member).toLowerCase().includes(search)) &&
          filters.every((filter) => matches(member, filter)),
      )
      .sort((a, b) => {
        const [x, y] = [valueOf(a, sortColumn), valueOf(b, sortColumn)];
        if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
        const order = x.localeCompare(y) || a.id - b.id;
        return sortDirection === 'asc' ? order : -order;
      });
    const items = found.slice((page - 1) * pageSize, page * pageSize).map(record);
    // Its own count, under a name the contract does not know.
    return ok({ items, page, hasMore: page * pageSize < found.length, totalItems: found.length });
  }
}
