/** Joining a waiting list through the API, as the shop's form does, for the waiting-list tests. */
import type { FastifyInstance } from 'fastify';
import type { SlotFixture } from './orders.ts';

let client = 0;

/**
 * One visitor joins `slot`'s list for `quantity` adult tickets, from a client address of their own
 * (joining is rate-limited per address). Answers the status and the JSON body.
 */
export async function joinWaitingList(app: FastifyInstance, slot: SlotFixture, email: string, quantity = 1) {
  client += 1;
  const page = await app.inject({ method: 'GET', url: '/demo/api/v1/configurations' });
  const xsrf = page.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await app.inject({
    method: 'POST',
    url: '/demo/api/v1/waitinglist',
    remoteAddress: `198.51.${Math.floor(client / 250) % 250}.${client % 250}`,
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    payload: {
      lang: 'en',
      product_uuid: slot.productUuid,
      time_span_id: slot.timeSpanId,
      quantity,
      option_values: [{ option_value_id: slot.adultOptionId, quantity }],
      email,
    },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}
