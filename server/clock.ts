/** The server's notion of now; tests pass their own to move time without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
