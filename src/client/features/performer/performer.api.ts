import type { BankingSettings, PaymentGatewaySettings, PerformerUpdate } from '@/common/contract/performers';
import { performerRoutes } from '@/common/contract/performers';
import { callRoute, type EnvelopeOf } from '@/client/lib/call-route';
import { preparePasswordFields } from '@/client/lib/password';
import { upload, type UploadFile } from '@/client/lib/upload';

type R = typeof performerRoutes;
export type Progress = (percent: number) => void;
export type AccountEnvelope = EnvelopeOf<R['me']>;

/** POST /performers/:id/view: one view of a creator's profile (for their dashboard). */
export const countProfileView = (id: string) => callRoute(performerRoutes.countView, { params: { id } });

/** GET /performers/me: the signed-in creator's own profile with the private parts. */
export const me = () => callRoute(performerRoutes.me);

/** PUT /performers/me. Spec 5: a new or current password is hashed first when the client-hash flag is on. */
export async function update(body: PerformerUpdate) {
  // The answer adds `message` when a new email waits for its confirmation link.
  return (await callRoute(performerRoutes.update, { body: await preparePasswordFields(body) })) as EnvelopeOf<R['update']> & { message?: string };
}

const send = (route: { url: string }, files: UploadFile[], onProgress?: Progress) =>
  upload<AccountEnvelope>(route.url, files, { onProgress });

export const uploadAvatar = (file: File, onProgress?: Progress) => send(performerRoutes.uploadAvatar, [{ fieldname: 'avatar', file }], onProgress);
export const uploadCover = (file: File, onProgress?: Progress) => send(performerRoutes.uploadCover, [{ fieldname: 'cover', file }], onProgress);
export const uploadWelcomeVideo = (file: File, onProgress?: Progress) =>
  send(performerRoutes.uploadWelcomeVideo, [{ fieldname: 'video', file }], onProgress);
export const removeWelcomeVideo = () => callRoute(performerRoutes.removeWelcomeVideo);

/** Replaces the identity document and/or selfie; verification starts again. */
export function uploadDocuments(files: { idDocument?: File | null; selfie?: File | null }, onProgress?: Progress) {
  const parts: UploadFile[] = [];
  if (files.idDocument) parts.push({ fieldname: 'idDocument', file: files.idDocument });
  if (files.selfie) parts.push({ fieldname: 'selfie', file: files.selfie });
  return send(performerRoutes.uploadDocuments, parts, onProgress);
}

export const updateBankingSettings = (body: BankingSettings) => callRoute(performerRoutes.bankingSettings, { body });
export const updatePaymentGatewaySettings = (body: PaymentGatewaySettings) => callRoute(performerRoutes.paymentGatewaySettings, { body });

/** The attribute option lists (spec 3). */
export const userAdditional = () => callRoute(performerRoutes.userAdditional);
