/** In-app paths of the ticket screens (all under the tickets prefix, SPEC §2). */
const t = (token: string) => encodeURIComponent(token);
export const ticketPaths = {
  ticket: (token: string) => `/id/${t(token)}`,
  receipt: (token: string) => `/id/${t(token)}/receipt`,
  checkIn: (token: string, admission: string, mode: 'gate' | 'set' = 'gate') =>
    `/id/${t(token)}/${encodeURIComponent(admission)}/${mode}`,
  share: (token: string) => `/tickets/share/${t(token)}`,
  shared: (token: string) => `/tickets/shared/${t(token)}`,
  send: (token: string) => `/tickets/send/${t(token)}`,
  changeDate: (token: string) => `/tickets/changedate/${t(token)}`,
};

/** The reservation-token segment that makes the check-in route a staff gate scanner. */
export const GATE_STATION = 'gate';
