import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gatewayEvents, type PaymentGatewayName } from '../../db/schema';

export const gatewayEventsRepository = {
  /** Stores a delivery; a repeat of a stored event id changes nothing. Answers whether it was applied already. */
  async record(db: Executor, gateway: PaymentGatewayName, event: { id: string; type: string; payload: unknown }): Promise<{ applied: boolean }> {
    await db.insert(gatewayEvents).values({ gateway, eventId: event.id, type: event.type, payload: event.payload }).onConflictDoNothing();
    const [row] = await db.select({ appliedAt: gatewayEvents.appliedAt }).from(gatewayEvents)
      .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, event.id)));
    return { applied: Boolean(row?.appliedAt) };
  },

  async markApplied(db: Executor, gateway: PaymentGatewayName, eventId: string): Promise<void> {
    await db.update(gatewayEvents).set({ appliedAt: sql`now()`, error: null })
      .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, eventId), isNull(gatewayEvents.appliedAt)));
  },

  async markError(db: Executor, gateway: PaymentGatewayName, eventId: string, error: string): Promise<void> {
    await db.update(gatewayEvents).set({ error: error.slice(0, 1000) })
      .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, eventId)));
  },
};
