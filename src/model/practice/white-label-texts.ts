/**
 * Ordering §2, §5, §8: every text of the White Label Reports tab, exactly as the specification writes
 * it. Texts the documents describe without quoting (labels, the note) say the part's own name.
 */

export const WhiteLabelText = {
  title: 'White Label Reports',
  toggle: 'Enable Custom Logo on Reports',
  save: 'Save Changes',
  saved: 'Saved Successfully',
  /** §2: "Applies only to future reports." */
  futureReportsNote: 'Changes apply only to future reports; reports already generated keep their logo.',
  chooseFile: 'Choose Logo',
  replaceFile: 'Choose Another Logo',
  fileInput: 'Logo file (JPG or PNG, up to 2 MB)',
  requirements: 'JPG or PNG, up to 2 MB; recommended at most 1382 × 1132 pixels.',
  currentLogo: 'Current logo',
  preview: 'Preview of the chosen logo',
  removeFile: 'Remove chosen file',
  checking: 'Checking the image...',
} as const;

/** Ordering §5: the logo rules' messages. */
export const WhiteLabelRuleText = {
  tooLarge: 'File size exceeds 2MB limit. Please choose a smaller file.',
  notImage: 'Only JPG and PNG files are supported.',
  dimensionsWarning: 'Image dimensions exceed recommended size. Your image may not display optimally.',
} as const;

/** Ordering §8: the toasts of a save; the server's message wins over the fallback. */
export const WhiteLabelToastText = {
  success: 'White label settings updated successfully.',
  failure: 'Failed to update white label settings',
} as const;

/** The reference server's own refusals, where the documents give no text (ordering §6 leaves authorisation open). */
export const WhiteLabelServerText = {
  notHealthcarePractice: 'White label reports are available to healthcare practices only.',
  emptyFile: 'The logo file is empty. Please choose a JPG or PNG image.',
  missingField: 'Send the logo in the multipart field whiteLabel: a JPG or PNG file, or the text null to clear it.',
} as const;
