/**
 * The app's notion of now, as an adapter: a screen that compares dates with today (the kit list's overdue badge)
 * asks it, and tests replace `now` to stand on a day of their choosing.
 */
export const clock = {
  now(): Date {
    return new Date();
  },
};
