/** The choices of a choice select, apart from the select itself so that a form can name them before antd's Select loads. */

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/**
 * Fixed choices, listed whole only once the select opens. Until then the select holds only the current choice,
 * which `find` names: the country list is sorted with the browser's collator, whose locale data cost a phone's main
 * thread hundreds of milliseconds (issue 45), and a form that only shows the chosen country need not pay that.
 */
export interface ChoiceList {
  readonly all: () => readonly Choice[];
  readonly find: (value: string) => Choice | undefined;
}

/** The current choice alone, for a select that has not opened yet and for the read-only stand-in. */
export function chosenOnly(choices: ChoiceList, value: unknown): Choice[] {
  const chosen = typeof value === 'string' ? choices.find(value) : undefined;
  return chosen ? [chosen] : [];
}
