import { Type, type Static } from 'typebox';

/**
 * Socket.io events between the web client and the API (DESIGN.md section 4, Realtime).
 * Client-to-server payloads have schemas and are validated on receipt; server-to-client events
 * are typed here so the server's emit and the client's listeners agree.
 */

export const REALTIME_PATH = '/socket.io';

/** The room every socket of a signed-in user joins; `app.realtime.toUser` emits to it. */
export const userRoom = (userId: string) => `user:${userId}`;

export const AuthLoginPayload = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
export type AuthLoginPayload = Static<typeof AuthLoginPayload>;

export const AuthLoginAck = Type.Union([
  Type.Object({ ok: Type.Literal(true), userId: Type.String() }),
  Type.Object({ ok: Type.Literal(false), message: Type.String() }),
]);
export type AuthLoginAck = Static<typeof AuthLoginAck>;

/** Schemas of what clients send, by event name. */
export const clientEventSchemas = {
  'auth/login': AuthLoginPayload,
};

export interface ClientToServerEvents {
  /** Sent after every (re)connect: (re)joins the user's room. */
  'auth/login': (payload: AuthLoginPayload, ack?: (result: AuthLoginAck) => void) => void;
}

/**
 * What the server pushes. Each feature adds its events here (for example messaging's new and
 * deleted messages) as `name: (payload: Type) => void`.
 */
export interface BalanceUpdatedPayload {
  /** The wallet balance in tokens after the change (absolute, so a lost event cannot skew it). */
  balance: number;
}

export interface ServerToClientEvents {
  /** After any change of the user's wallet (top-up, charge, refund), to every socket of theirs. */
  balance_updated: (payload: BalanceUpdatedPayload) => void;
}

/** What the server keeps per socket. */
export interface SocketData {
  /** Null until a token is verified (and again after a failed `auth/login`). */
  userId: string | null;
}
