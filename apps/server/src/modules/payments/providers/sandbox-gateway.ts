/**
 * The built-in sandbox gateway: what demo mode and tests pay with, for every method identifier.
 * It keeps its own records (`sandbox_charges`) like a real gateway, shows hosted pages for 3-D
 * Secure challenges and wallet approvals (sandbox-gateway.routes.ts), and sends the visitor back
 * through the spec's return routes. Test cards decide what happens:
 */

import { randomBytes } from 'node:crypto';
import { AUTHENTICATION_FAILED } from '@storefront/domain/errors/catalogue';
import { paymentProfile } from '@storefront/domain/payments';
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { clock } from '../../../lib/clock.ts';
import { createGroupBatcher } from '../../../lib/group-batcher.ts';
import { sandboxCardTokens, sandboxCarrierLogins, sandboxCharges } from '../payments.schema.ts';
import type { CardDetails, LookupOutcome, PaymentLookup, PaymentProvider, ProviderOutcome, StartPayment } from './provider.ts';

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  /** Asks for 3-D Secure even with a method that does not always. */
  threeDSecure: '4000000000003220',
  decline: '4000000000000002',
  /** A temporary failure: the visitor may try again. */
  processingError: '4000000000000119',
  /** A failure the visitor cannot fix by trying again (card blocked). */
  nonRetryable: '4000000000000127',
  /** Pays, but the gateway fails to refund it (the critical refund error). */
  refundFails: '4000000000009995',
} as const;

type Scenario = 'success' | 'decline' | 'processing_error' | 'non_retryable' | 'refund_fails';
type Failure = { retryable: boolean; reason: string };

const FAILURES: Partial<Record<Scenario, Failure>> = {
  decline: { retryable: true, reason: 'the card was declined' },
  processing_error: { retryable: true, reason: 'the gateway could not process the card' },
  non_retryable: { retryable: false, reason: 'the card cannot be used' },
};

function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks a card as a gateway would: a bad card fails at once, a test card picks its scenario. */
function cardScenario(card: CardDetails | undefined, now = clock.now()): Scenario | Failure {
  if (!card) return { retryable: true, reason: 'card details are missing' };
  if (!passesLuhn(card.number)) return { retryable: true, reason: 'the card number is not valid' };
  if (card.exp_year < now.getFullYear() || (card.exp_year === now.getFullYear() && card.exp_month < now.getMonth() + 1))
    return { retryable: true, reason: 'the card has expired' };
  if (card.number === SANDBOX_CARDS.decline) return 'decline';
  if (card.number === SANDBOX_CARDS.processingError) return 'processing_error';
  if (card.number === SANDBOX_CARDS.nonRetryable) return 'non_retryable';
  if (card.number === SANDBOX_CARDS.refundFails) return 'refund_fails';
  return 'success';
}

const newReference = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

type ChargeRow = typeof sandboxCharges.$inferSelect;

function outcomeOf(charge: ChargeRow, publicUrl: string): ProviderOutcome {
  switch (charge.status) {
    case 'captured':
    case 'refunded':
      return { status: 'captured', reference: charge.reference };
    case 'requires_action':
      return {
        status: 'requires_action',
        reference: charge.reference,
        redirectUrl: `${publicUrl}/sandbox-gateway/${charge.challenge === 'wallet' ? 'wallet' : 'challenge'}/${charge.reference}`,
      };
    default:
      return {
        status: 'failed',
        reference: charge.reference,
        retryable: charge.retryable ?? true,
        reason: charge.failureReason ?? 'the payment failed',
      };
  }
}

export function createSandboxGateway(
  db: Database,
  options: { publicUrl: () => string },
): PaymentProvider & {
  /** The visitor's answer on a hosted page; returns where the browser goes next. */
  answer(reference: string, action: 'pass' | 'fail' | 'approve' | 'cancel'): Promise<string | null>;
  charge(reference: string): Promise<ChargeRow | null>;
  /** The card-token script's call: a one-time token for a card, or why the card is refused. */
  tokenizeCard(card: CardDetails): Promise<{ token: string; last4: string } | Failure>;
  /** d-pay: a carrier login for a site; the visitor comes back to `returnUrl` with code and state. */
  startCarrierLogin(siteId: number, returnUrl: string): Promise<{ stateCode: string; authUrl: string }>;
  allowCarrierLogin(stateCode: string): Promise<string | null>;
  carrierPaymentToken(code: string): Promise<{ paymentToken: string; expiresAt: Date } | null>;
} {
  /**
   * A new charge, or null when its idempotency key was written already. Charges started at the
   * same moment (a rush's checkouts) are written in one statement: the sandbox stands in for a
   * provider, whose call costs the database nothing, and should cost it little.
   */
  const writeCharge = createGroupBatcher<typeof sandboxCharges.$inferInsert, ChargeRow | null>(
    async (batch) => {
      const written = await insertRows(
        db,
        sandboxCharges,
        batch.map(({ item }) => item),
        { skipConflicts: sandboxCharges.idempotencyKey, returning: true },
      );
      const byKey = new Map(written.map((row) => [row.idempotencyKey, row]));
      for (const { item, resolve } of batch) resolve(byKey.get(item.idempotencyKey) ?? null);
    },
    { max: 100, gatherMs: 0 },
  );

  async function charge(reference: string) {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference));
    return row ?? null;
  }

  /** The charge of an attempt: by its reference, else by the idempotency key its start carried. */
  async function chargeOf(payment: PaymentLookup) {
    const [row] = await db
      .select()
      .from(sandboxCharges)
      .where(
        payment.reference
          ? or(eq(sandboxCharges.reference, payment.reference), eq(sandboxCharges.idempotencyKey, payment.idempotencyKey))
          : eq(sandboxCharges.idempotencyKey, payment.idempotencyKey),
      );
    return row ?? null;
  }

  async function start(payment: StartPayment): Promise<ProviderOutcome> {
    // The same idempotency key never charges twice: the first answer stands. A start that spends
    // a one-time token looks first (a repeat must not spend it again); one with card details
    // needs no look, its insert below keeps the first answer.
    if (payment.cardToken !== undefined) {
      const [known] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, payment.idempotencyKey));
      if (known) return outcomeOf(known, options.publicUrl());
    }
    const profile = paymentProfile(payment.method);
    if (!profile || profile.kind === 'free')
      return { status: 'failed', reference: null, retryable: false, reason: 'not a sandbox method' };
    let scenario: Scenario = 'success';
    let challenge: ChargeRow['challenge'] = 'none';
    if (profile.kind === 'card') {
      // A token from the card-token script (what the storefront sends), or card details (API clients of the sandbox).
      const checked = payment.cardToken ? await useCardToken(payment.cardToken) : cardScenario(payment.card);
      if (typeof checked !== 'string' && 'reason' in checked) return { status: 'failed', reference: null, ...checked };
      const asked = typeof checked === 'string' ? payment.card?.number === SANDBOX_CARDS.threeDSecure : checked.threeDSecure;
      scenario = typeof checked === 'string' ? checked : checked.scenario;
      if (profile.threeDSecure || asked) challenge = 'three_d_secure';
    } else if (profile.kind === 'wallet') {
      challenge = 'wallet';
    } else if (profile.kind === 'carrier') {
      const used = await useCarrierToken(payment.cardToken);
      if (!used) return { status: 'failed', reference: null, retryable: true, reason: 'the d-pay payment token is not valid' };
    }
    const failure = challenge === 'none' ? FAILURES[scenario] : undefined;
    const row = await writeCharge({
      reference: newReference('sbx'),
      idempotencyKey: payment.idempotencyKey,
      paymentNumber: payment.paymentNumber,
      method: payment.method,
      amount: payment.amount,
      currency: payment.currency,
      scenario,
      challenge,
      status: challenge !== 'none' ? 'requires_action' : failure ? 'failed' : 'captured',
      failureReason: failure?.reason ?? null,
      retryable: failure?.retryable ?? null,
      returnUrl: payment.returnUrl,
      cancelUrl: payment.cancelUrl,
    });
    // Two starts with one key at the same moment: the one written first stands.
    const stored =
      row ?? (await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, payment.idempotencyKey)))[0];
    if (!stored) throw new Error('the sandbox charge was not written');
    return outcomeOf(stored, options.publicUrl());
  }

  /** Spends a one-time card token; a used, unknown or stale token fails like a declined card. */
  async function useCardToken(token: string): Promise<{ scenario: Scenario; threeDSecure: boolean } | Failure> {
    const [row] = await db
      .update(sandboxCardTokens)
      .set({ usedAt: sql`app_now()` })
      .where(
        sql`${sandboxCardTokens.token} = ${token} and ${sandboxCardTokens.usedAt} is null
            and ${sandboxCardTokens.createdAt} > app_now() - interval '30 minutes'`,
      )
      .returning();
    if (!row) return { retryable: true, reason: 'the card token is not valid; enter the card again' };
    return { scenario: row.scenario as Scenario, threeDSecure: row.threeDSecure };
  }

  async function useCarrierToken(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const used = await db
      .update(sandboxCarrierLogins)
      .set({ usedAt: sql`app_now()` })
      .where(
        sql`${sandboxCarrierLogins.paymentToken} = ${token} and ${sandboxCarrierLogins.usedAt} is null
            and ${sandboxCarrierLogins.createdAt} > app_now() - interval '30 minutes'`,
      )
      .returning();
    return used.length > 0;
  }

  return {
    id: 'sandbox',
    start,
    async status(payment): Promise<LookupOutcome> {
      const row = await chargeOf(payment);
      if (!row) return { status: 'unknown', reference: null };
      return outcomeOf(row, options.publicUrl());
    },
    async cancel(payment): Promise<LookupOutcome> {
      const row = await chargeOf(payment);
      if (!row) return { status: 'unknown', reference: null };
      // Only a challenge or approval still waiting can be voided; a paid charge stays paid.
      const [voided] = await db
        .update(sandboxCharges)
        .set({ status: 'failed', failureReason: 'the payment was cancelled by the shop', retryable: true })
        .where(sql`${sandboxCharges.reference} = ${row.reference} and ${sandboxCharges.status} = 'requires_action'`)
        .returning();
      return outcomeOf(voided ?? (await charge(row.reference)) ?? row, options.publicUrl());
    },
    async refund({ reference, amount, idempotencyKey }) {
      // One refund per idempotency key, as a real gateway keeps it: the refund is a record of its
      // own (a `sandbox_charges` row under the refund's key), and asking again answers the first.
      const [known] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      if (known) {
        return known.scenario === 'refund' && known.paymentNumber.startsWith('refund:')
          ? { ok: true, reference: known.reference }
          : { ok: false, reason: 'the idempotency key belongs to another request' };
      }
      const row = await charge(reference);
      if (!row || (row.status !== 'captured' && row.status !== 'refunded')) return { ok: false, reason: 'nothing to refund' };
      if (row.scenario === 'refund_fails') return { ok: false, reason: 'the gateway refused the refund' };
      if (amount <= 0) return { ok: false, reason: 'the amount must be positive' };
      return db
        .transaction(async (tx) => {
          // Partial refunds add up, never beyond what was charged; the charge is refunded once all of it is.
          const [charged] = await tx
            .update(sandboxCharges)
            .set({
              refundedAmount: sql`${sandboxCharges.refundedAmount} + ${amount}`,
              status: sql`case when ${sandboxCharges.refundedAmount} + ${amount} >= ${sandboxCharges.amount} then 'refunded' else ${sandboxCharges.status} end`,
            })
            .where(
              sql`${sandboxCharges.reference} = ${reference} and ${sandboxCharges.refundedAmount} + ${amount} <= ${sandboxCharges.amount}`,
            )
            .returning();
          if (!charged) return { ok: false as const, reason: 'the refund is more than what is left on the charge' };
          const [refund] = await tx
            .insert(sandboxCharges)
            .values({
              reference: newReference('sbr'),
              idempotencyKey,
              paymentNumber: `refund:${row.paymentNumber}`,
              method: row.method,
              amount,
              currency: row.currency,
              scenario: 'refund',
              challenge: 'none',
              status: 'refunded',
              refundedAmount: amount,
              returnUrl: row.returnUrl,
              cancelUrl: row.cancelUrl,
            })
            .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
            .returning();
          // The same key asked twice at once: the one written first stands, the other changes nothing.
          if (!refund) tx.rollback();
          return { ok: true as const, reference: refund?.reference ?? '' };
        })
        .catch(async (error: unknown) => {
          const [first] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
          if (first) return { ok: true as const, reference: first.reference };
          throw error;
        });
    },
    charge,
    async tokenizeCard(card) {
      const checked = cardScenario(card);
      if (typeof checked !== 'string') return checked;
      const token = newReference('tok');
      await db.insert(sandboxCardTokens).values({
        token,
        scenario: checked,
        threeDSecure: card.number === SANDBOX_CARDS.threeDSecure,
        last4: card.number.slice(-4),
      });
      return { token, last4: card.number.slice(-4) };
    },
    async answer(reference, action) {
      const row = await charge(reference);
      if (row?.status !== 'requires_action') return row ? row.returnUrl : null;
      const failure: Failure | undefined =
        action === 'fail'
          ? { retryable: true, reason: AUTHENTICATION_FAILED }
          : action === 'cancel'
            ? { retryable: true, reason: 'the visitor cancelled the payment' }
            : FAILURES[row.scenario as Scenario];
      await db
        .update(sandboxCharges)
        .set({
          status: failure ? 'failed' : 'captured',
          failureReason: failure?.reason ?? null,
          retryable: failure?.retryable ?? null,
        })
        .where(sql`${sandboxCharges.reference} = ${reference} and ${sandboxCharges.status} = 'requires_action'`);
      return action === 'cancel' ? row.cancelUrl : row.returnUrl;
    },
    async startCarrierLogin(siteId, returnUrl) {
      const stateCode = newReference('st');
      await db.insert(sandboxCarrierLogins).values({ stateCode, siteId, returnUrl });
      return { stateCode, authUrl: `${options.publicUrl()}/sandbox-gateway/carrier/${stateCode}` };
    },
    async allowCarrierLogin(stateCode) {
      const code = newReference('code');
      const [row] = await db
        .update(sandboxCarrierLogins)
        .set({ code })
        .where(sql`${sandboxCarrierLogins.stateCode} = ${stateCode} and ${sandboxCarrierLogins.code} is null`)
        .returning();
      if (!row) return null;
      const separator = row.returnUrl.includes('?') ? '&' : '?';
      return `${row.returnUrl}${separator}code=${encodeURIComponent(code)}&state=${encodeURIComponent(stateCode)}`;
    },
    async carrierPaymentToken(code) {
      const [row] = await db
        .update(sandboxCarrierLogins)
        .set({ paymentToken: sql`coalesce(${sandboxCarrierLogins.paymentToken}, ${newReference('dpt')})` })
        .where(sql`${sandboxCarrierLogins.code} = ${code} and ${sandboxCarrierLogins.usedAt} is null`)
        .returning();
      if (!row?.paymentToken) return null;
      return { paymentToken: row.paymentToken, expiresAt: new Date(row.createdAt.getTime() + 30 * 60_000) };
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
