import { KIT_STEP_NAMES, KIT_STEP_WEEKS, KitStep, REPROCESSING_WEEKS, typicalDuration } from '../../src/model/kits/kit-steps';

/**
 * Issue 41 item 4: the portal's own help pages, the Help Center's default site. Typed content rather than free
 * HTML, so that every word is escaped when it is rendered (help-pages.ts) and no page can carry a script. The
 * facts come from the documents and the model (the kit steps and their typical durations, what a failed sample
 * means); none is medical advice. A deployment with its own help site sets VITE_HELP_CENTER_URL instead.
 */

/** A piece of a help page: a paragraph, a list, a table, or a link to another help page (by its slug). */
export type HelpBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'table'; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }
  | { kind: 'see'; text: string; page: string }
  | { kind: 'heading'; text: string }
  | { kind: 'mail'; label: string; address: string };

export interface HelpPage {
  /** The page's address under /help/; '' is the index. */
  slug: string;
  title: string;
  /** One line on the index. */
  summary: string;
  blocks: readonly HelpBlock[];
}

/** The support addresses (the deployment settings VITE_SUPPORT_EMAIL_*), each shown only when set. */
export interface SupportAddresses {
  patient?: string;
  provider?: string;
  research?: string;
}

const weeks = ([from, to]: readonly [number, number]) => `${from} to ${to} weeks`;

const stepRows = (): string[][] => [
  [
    KIT_STEP_NAMES[KitStep.Registered],
    'Your kit is linked to you. Collect your sample as the kit’s instructions say and send it back.',
    weeks(KIT_STEP_WEEKS[KitStep.Registered]),
  ],
  [
    KIT_STEP_NAMES[KitStep.SampleReceived],
    'The laboratory has your sample and is preparing it.',
    weeks(KIT_STEP_WEEKS[KitStep.SampleReceived]),
  ],
  [
    KIT_STEP_NAMES[KitStep.SampleProcessing],
    'The laboratory is analysing your sample and preparing your report.',
    weeks(KIT_STEP_WEEKS[KitStep.SampleProcessing]),
  ],
  [KIT_STEP_NAMES[KitStep.ResultReady], 'Your results are ready to read.', 'Complete'],
];

/** Every help page, the index first. */
export function helpPages(support: SupportAddresses): readonly HelpPage[] {
  const contact: HelpBlock[] = [];
  if (support.patient) contact.push({ kind: 'mail', label: 'Patients', address: support.patient });
  if (support.provider) contact.push({ kind: 'mail', label: 'Clinics and healthcare providers', address: support.provider });
  if (support.research) contact.push({ kind: 'mail', label: 'Research participants and partners', address: support.research });
  if (!contact.length) contact.push({ kind: 'paragraph', text: 'Ask the clinic or practice that gave you your kit.' });

  return [
    {
      slug: '',
      title: 'Help',
      summary: 'Answers about your kit, your results and your account.',
      blocks: [{ kind: 'paragraph', text: 'Choose a topic. Each page answers one question about your kit, your results or your account.' }],
    },
    {
      slug: 'register-a-kit',
      title: 'Registering a kit',
      summary: 'How to link a new kit to you before you send your sample.',
      blocks: [
        { kind: 'paragraph', text: 'Register your kit before you collect your sample, so that the laboratory knows the sample is yours.' },
        {
          kind: 'list',
          items: [
            'Choose Register a Kit in the portal’s menu. The registration page opens in a new tab.',
            'Enter the kit ID printed on your kit, and follow the steps on the page.',
            'Once registered, the kit appears on your Kit Status page, at the step Registered.',
          ],
        },
        { kind: 'see', text: 'What each step of your kit means', page: 'kit-steps' },
      ],
    },
    {
      slug: 'kit-steps',
      title: 'Your kit’s steps',
      summary: 'What each step on the Kit Status page means and how long it usually takes.',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The Kit Status page shows where your kit is. Each kit goes through four steps. The times below are typical; a kit can take longer.',
        },
        { kind: 'table', caption: 'The four steps of a kit', head: ['Step', 'What it means', 'Typical time'], rows: stepRows() },
        {
          kind: 'paragraph',
          text: `The Kit Status page shows each step’s typical duration (for example “Typical duration: ${typicalDuration(KitStep.Registered)}”) and when your results are expected.`,
        },
        { kind: 'see', text: 'What happens when a sample fails', page: 'failed-sample' },
      ],
    },
    {
      slug: 'failed-sample',
      title: 'When a sample fails',
      summary: 'What a failed sample means and what happens next.',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Sometimes the laboratory cannot get a result from a sample. The Kit Status page then says “Sample Failed” with the reason. What happens next depends on the reason.',
        },
        { kind: 'heading', text: 'The sample did not pass a quality check' },
        {
          kind: 'paragraph',
          text: `The laboratory runs your sample again. You do not need to do anything. A rerun adds about ${REPROCESSING_WEEKS} weeks.`,
        },
        { kind: 'heading', text: 'There was not enough sample' },
        {
          kind: 'paragraph',
          text: 'The laboratory sends you a new kit so that you can collect a new sample. The new kit says which kit it replaces, and the old kit is marked as replaced.',
        },
        { kind: 'see', text: 'What each step of your kit means', page: 'kit-steps' },
      ],
    },
    {
      slug: 'reports',
      title: 'Reading and downloading reports',
      summary: 'Where to find your reports, how to open them and keep a copy.',
      blocks: [
        {
          kind: 'paragraph',
          text: 'When your results are ready, your kit shows Result Ready and its reports are listed on the Reports page.',
        },
        {
          kind: 'list',
          items: [
            'Open Reports in the portal’s menu. Only kits whose results are ready are listed.',
            'Search by kit ID, product or date to find a kit.',
            'Expand a kit to see its reports, and choose a report to open it in a new tab.',
            'To keep a copy, save or print the report from that tab.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Each report explains its results. Your clinic or healthcare provider can help you understand what they mean for you.',
        },
      ],
    },
    {
      slug: 'account',
      title: 'Consents and deactivating your account',
      summary: 'Your research and leaderboard consents, and how to close your account.',
      blocks: [
        { kind: 'heading', text: 'Consents' },
        {
          kind: 'paragraph',
          text: 'Open Account in the portal’s menu and choose Data & Privacy. Turning a consent on shows its statement first; the consent is given only when you choose I agree. The date you agreed, and the statement’s version, show under the switch.',
        },
        {
          kind: 'paragraph',
          text: 'You can withdraw a consent at any time by turning it off. The date you withdrew shows under the switch. Withdrawing does not affect your results or your reports.',
        },
        { kind: 'heading', text: 'Deactivating your account' },
        {
          kind: 'paragraph',
          text: 'Open Account, choose Security, then Deactivate Account. Your personal data is permanently forgotten and this cannot be undone.',
        },
      ],
    },
    {
      slug: 'contact',
      title: 'Contact us',
      summary: 'Who to write to when this help does not answer your question.',
      blocks: [{ kind: 'paragraph', text: 'Write to the support team that fits your question:' }, ...contact],
    },
  ];
}
