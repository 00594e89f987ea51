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

/** The reservation-token segment of the staff gate station's old address (`/id/gate/{gate}/{mode}`). */
export const GATE_STATION = 'gate';
/** Where staff scan now: the gate app, served from the site's root (decision 021). */
export const GATE_APP_PATH = '/gate/';
