import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Practice } from '../../model/practice/practice';
import { logoDimensionsWarning, logoFileError } from '../../model/practice/white-label';
import { WhiteLabelRuleText, WhiteLabelToastText } from '../../model/practice/white-label-texts';
import { messageOf } from '../../services/http/api-error';
import { inspectImage, type ImageFacts } from '../../services/platform/image-size';
import { notify } from '../../services/platform/notify';
import { whiteLabelApi } from '../../services/practice/white-label.api';
import { queryClient } from '../../services/http/query-client';
import { practiceKeys } from '../../services/practice/queries';

/**
 * The White Label Reports tab (ordering §2, §4, §5, §8): the toggle "Enable Custom Logo on Reports",
 * a chosen logo checked for size and type at once and then, by its bytes and natural size, by an
 * actor; Save Changes sends the logo, or null when the toggle is off. The chosen file stays with the
 * view (a File is not serialisable): the view hands it over when it is chosen and again on save.
 */

export interface WhiteLabelInput {
  /** The practice has a logo now: the toggle starts on. */
  hasLogo: boolean;
}

export interface WhiteLabelContext {
  enabled: boolean;
  /** The chosen file's name while one is chosen (checking, acceptable or refused). */
  fileName: string | null;
  /** Why the chosen file cannot be saved (§5); cleared when the field is edited. */
  error: string | null;
  /** The dimensions warning (§5), which does not block the save. */
  warning: string | null;
}

export type WhiteLabelEvent =
  | { type: 'whiteLabel.toggle'; enabled: boolean }
  | { type: 'logo.choose'; file: File }
  | { type: 'logo.remove' }
  | { type: 'whiteLabel.save'; logo: File | null };

const fieldCleared = { fileName: null, error: null, warning: null } as const;

export const whiteLabelMachine = setup({
  types: {
    input: {} as WhiteLabelInput,
    context: {} as WhiteLabelContext,
    events: {} as WhiteLabelEvent,
  },
  actors: {
    inspectLogo: fromPromise<ImageFacts, { file: Blob }>(({ input, signal }) => inspectImage(input.file, signal)),
    saveLogo: fromPromise<Practice, { logo: Blob | null }>(({ input, signal }) => whiteLabelApi.save(input.logo, { signal })),
  },
  guards: {
    isOn: ({ context }) => context.enabled,
    isOff: ({ context }) => !context.enabled,
    fileRefused: ({ context, event }) => context.enabled && event.type === 'logo.choose' && logoFileError(event.file) !== null,
    fileAccepted: ({ context, event }) => context.enabled && event.type === 'logo.choose' && logoFileError(event.file) === null,
    hasLogoFile: ({ event }) => event.type === 'whiteLabel.save' && event.logo !== null,
    notAnImage: (_, params: { facts: ImageFacts }) => params.facts.type === null,
  },
  actions: {
    setEnabled: assign((_, params: { enabled: boolean }) => ({ enabled: params.enabled, ...fieldCleared })),
    forgetFile: assign(fieldCleared),
    takeFile: assign((_, params: { file: File }) => ({ fileName: params.file.name, error: null, warning: null })),
    refuseFile: assign((_, params: { file: File }) => ({ fileName: params.file.name, error: logoFileError(params.file), warning: null })),
    refuseType: assign({ error: WhiteLabelRuleText.notImage, warning: null }),
    warnAboutSize: assign((_, params: { facts: ImageFacts }) => ({ warning: logoDimensionsWarning(params.facts) })),
    notifySaved: () => notify.success(WhiteLabelToastText.success),
    notifyFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, WhiteLabelToastText.failure)),
    refreshPractice: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.practice }),
  },
}).createMachine({
  id: 'whiteLabel',
  context: ({ input }) => ({ enabled: input.hasLogo, ...fieldCleared }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'noFile',
      on: {
        'whiteLabel.toggle': { target: '.noFile', actions: { type: 'setEnabled', params: ({ event }) => ({ enabled: event.enabled }) } },
        // The uploader shows only while the toggle is on; a file chosen otherwise is not taken.
        'logo.choose': [
          { guard: 'fileRefused', target: '.invalid', actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
          { guard: 'fileAccepted', target: '.checking', actions: { type: 'takeFile', params: ({ event }) => ({ file: event.file }) } },
        ],
        'logo.remove': { target: '.noFile', actions: 'forgetFile' },
      },
      states: {
        noFile: {
          // On without a new file there is nothing to save (§2): the current logo, if any, stays.
          on: { 'whiteLabel.save': { guard: 'isOff', target: '#whiteLabel.saving' } },
        },
        checking: {
          tags: ['checking'],
          invoke: {
            id: 'inspectLogo',
            src: 'inspectLogo',
            input: ({ event }) => {
              assertEvent(event, 'logo.choose');
              return { file: event.file };
            },
            onDone: [
              { guard: { type: 'notAnImage', params: ({ event }) => ({ facts: event.output }) }, target: 'invalid', actions: 'refuseType' },
              { target: 'ready', actions: { type: 'warnAboutSize', params: ({ event }) => ({ facts: event.output }) } },
            ],
            // Bytes that say PNG or JPEG but that the browser cannot decode are no usable image either.
            onError: { target: 'invalid', actions: 'refuseType' },
          },
        },
        ready: {
          tags: ['ready'],
          on: { 'whiteLabel.save': { guard: 'hasLogoFile', target: '#whiteLabel.saving' } },
        },
        invalid: { tags: ['invalid'] },
        saved: { tags: ['saved'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveLogo',
        src: 'saveLogo',
        input: ({ context, event }) => {
          assertEvent(event, 'whiteLabel.save');
          return { logo: context.enabled ? event.logo : null };
        },
        onDone: { target: 'editing.saved', actions: ['forgetFile', 'notifySaved', 'refreshPractice'] },
        onError: [
          // The chosen file is still there to try again.
          { guard: 'isOn', target: 'editing.ready', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing.noFile', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});
