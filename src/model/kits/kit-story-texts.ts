/**
 * Issue 41 point 1, "one truthful kit story": the words the patient tracker, the patient's cards, the provider
 * timeline and the kit list say alike about a kit's ETA, an earlier failure that was rerun and a replaced kit.
 */
export const KitStoryText = {
  /** Kits §2: a kit on time says when its results are expected. */
  eta: (date: string) => `ETA ${date}`,
  /** A kit that has stayed in its step past the typical duration, its results still expected by a date to come. */
  delayed: (date: string) => `Delayed — expected by ${date}`,
  /** A kit whose expected date has passed: a date already gone is no promise, so none is given. */
  longerThanUsual: 'Delayed — taking longer than usual',
  /** An earlier failed processing that was rerun: history, not an error. */
  rerunAfterQc: 'Rerun after a failed quality check',
  rerunAfterFailure: 'Rerun after a failed sample',
  /** A replaced original names the kit that replaced it; the barcode is the link to it. */
  replacedByBefore: 'Replaced by ',
  replacedBy: (barcode: string) => `Replaced by ${barcode}`,
  /** Dates as the kit status history writes the day (kits §9), without the time. */
  dateFormat: 'MMM D, YYYY',
} as const;
