import * as v from 'valibot';
import { KIT_STATUS_CODES } from './kits/kit-status';
import { request, requiredText } from './schema';
import { ValidationText } from './auth/auth-texts';

/**
 * The reference server's test-only calls (mounted only with PORTAL_TEST_MODE=1), defined here so that
 * the server and the end-to-end harness read one contract. No screen of the product uses them.
 */

export const TestResetResponseSchema = v.object({ ok: v.literal(true) });

export const TestRestoreLinkQuerySchema = request({
  username: requiredText(ValidationText.usernameRequired),
});

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

export const TestKitStatusText = {
  badStatus: 'status must be one of the kit status codes (kits §3)',
  badPractice: 'practiceId must be a practice number',
} as const;

/**
 * POST /__test/kits/{barcode}/status: moves a kit to another status as the lab would, so that a journey or a
 * person trying webhooks sees the events it raises delivered. `practiceId` limits it to that practice's kits.
 */
export const TestKitStatusRequestSchema = request({
  status: v.picklist(KIT_STATUS_CODES, TestKitStatusText.badStatus),
  practiceId: v.optional(v.pipe(v.number(TestKitStatusText.badPractice), v.integer(TestKitStatusText.badPractice))),
});

/**
 * What changed: `changed` is false when the kit already had the status; `deliveries` counts the webhook events
 * queued and `messages` the notification e-mails.
 */
export const TestKitStatusSchema = v.object({
  barcode: v.string(),
  status: v.number(),
  previousStatus: v.number(),
  changed: v.boolean(),
  deliveries: v.pipe(v.number(), v.integer(), v.minValue(0)),
  messages: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/**
 * A Content-Security-Policy violation as Chromium reports it to the policy's `report-uri` (a `csp-report` object
 * with dashed names). Read leniently: only what a journey needs to say which page broke which directive.
 */
export const CspReportBodySchema = v.object({
  'csp-report': v.looseObject({
    'document-uri': v.optional(v.string(), ''),
    'violated-directive': v.optional(v.string(), ''),
    'effective-directive': v.optional(v.string(), ''),
    'blocked-uri': v.optional(v.string(), ''),
    'source-file': v.optional(v.string(), ''),
    'line-number': v.optional(v.number()),
    'script-sample': v.optional(v.string(), ''),
  }),
});

/** One violation the test-mode server collected. */
export const CspViolationSchema = v.object({
  documentUri: v.string(),
  directive: v.string(),
  blockedUri: v.string(),
  sourceFile: v.string(),
  sample: v.string(),
});
export type CspViolation = v.InferOutput<typeof CspViolationSchema>;

/** GET /__test/csp-reports: every violation since the server started (a database reset keeps them). */
export const CspViolationsSchema = v.object({ violations: v.array(CspViolationSchema) });

/** DELETE /__test/csp-reports?page=…: forgets the violations a probe caused on purpose, by a marker in its page's address. */
export const CspForgetQuerySchema = request({ page: requiredText('page is required') });
export const CspForgetSchema = v.object({ removed: v.pipe(v.number(), v.integer(), v.minValue(0)) });
