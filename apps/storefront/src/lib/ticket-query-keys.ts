/**
 * The cache keys of a reservation's reads, in every language: a change to the ticket forgets them
 * (checkout's finishChange), so they live beside neither the ticket screens nor the change.
 */
export const ticketQueryKeys = {
  ticket: (token: string) => ['ticket', token] as const,
  receipt: (token: string) => ['receipt', token] as const,
};
