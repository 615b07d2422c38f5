import * as v from 'valibot';
import { ValidationText } from './messages';
import { request, requiredText } from './schema';

/**
 * The reference server's test-only calls (mounted only with PORTAL_TEST_MODE=1), defined here so that
 * the server and the end-to-end harness read one contract. No screen of the product uses them.
 */

export const TestResetResponseSchema = v.object({ ok: v.literal(true) });
export type TestResetResponse = v.InferOutput<typeof TestResetResponseSchema>;

export const TestRestoreLinkQuerySchema = request({
  username: requiredText(ValidationText.usernameRequired),
});
export type TestRestoreLinkQuery = v.InferOutput<typeof TestRestoreLinkQuerySchema>;

/** The latest restore link logged for a person, and the token it carries. */
export const TestRestoreLinkSchema = v.object({
  link: v.pipe(v.string(), v.url()),
  token: v.pipe(v.string(), v.nonEmpty()),
});
export type TestRestoreLink = v.InferOutput<typeof TestRestoreLinkSchema>;

/** GET /__test/orders/count: how many orders a practice has, so a journey can prove a double click placed one. */
export const TestOrderCountQuerySchema = request({
  practiceId: v.pipe(v.string('practiceId is required'), v.regex(/^\d{1,9}$/, 'practiceId must be a practice number')),
});
export const TestOrderCountSchema = v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(0)) });
