import { expect, type APIRequestContext } from '@playwright/test';
import * as v from 'valibot';
import { E2E_INBOX_URL } from '../../playwright.config';

/**
 * The inbox of the test SMTP server the journey's reference server sends its mail to (tests/support/smtp-sink-main.ts):
 * what a person would find in their mailbox.
 */

const MessagesSchema = v.array(
  v.object({ to: v.string(), subject: v.string(), text: v.string(), html: v.string(), messageId: v.string() }),
);
export type InboxMessage = v.InferOutput<typeof MessagesSchema>[number];

export async function inbox(request: APIRequestContext): Promise<InboxMessage[]> {
  const response = await request.get(`${E2E_INBOX_URL}/messages`);
  expect(response.ok()).toBe(true);
  return v.parse(MessagesSchema, await response.json());
}

/** Waits for a message to `to` with this subject that was not in the inbox before (`seen` message ids). */
export async function nextMessage(
  request: APIRequestContext,
  to: string,
  subject: string,
  seen: ReadonlySet<string>,
): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox(request)).find((message) => message.to === to && message.subject === subject && !seen.has(message.messageId));
        return found !== undefined;
      },
      { message: `a message "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The message ids in the inbox now, so that a journey can tell its own message from earlier ones. */
export async function seenMessages(request: APIRequestContext): Promise<Set<string>> {
  return new Set((await inbox(request)).map((message) => message.messageId));
}

/** The first link in a message's plain text that starts with `prefix`. */
export function linkIn(message: InboxMessage, prefix: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.startsWith(prefix));
  if (!link) throw new Error(`No link to ${prefix} in "${message.subject}"`);
  return link;
}
