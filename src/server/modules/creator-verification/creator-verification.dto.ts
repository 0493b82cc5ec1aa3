import type { CreatorVerification } from '../../../common/contract/admin-verification';
import { DOCUMENT_URL_TTL_SECONDS } from '../../../common/constants/verification';
import type { UrlSigner } from '../../media/signed-url';
import { PRIVATE_PREFIX } from '../../storage/storage';
import { avatarUrl, type ImageUrlContext } from '../users/user.dto';
import type { VerificationRow } from './creator-verification.repository';

export interface VerificationDtoContext extends ImageUrlContext {
  /** `app.media.privateSigner`: the only way a document becomes reachable. */
  signer: UrlSigner;
}

/** The link's expiry as the signer wrote it into the URL (it is what the file route checks). */
function expiryOf(url: string | null): string {
  const exp = url ? Number(new URL(url).searchParams.get('exp')) : NaN;
  return new Date(Number.isFinite(exp) ? exp * 1000 : Date.now() + DOCUMENT_URL_TTL_SECONDS * 1000).toISOString();
}

/** One creator of the queue, as operators see them: private details and signed document links included. */
export function toCreatorVerification(ctx: VerificationDtoContext, row: VerificationRow): CreatorVerification {
  const { user, performer: p } = row;
  const sign = (key: string | null) => (key && key.startsWith(PRIVATE_PREFIX) ? ctx.signer.url(key) : null);
  const idDocument = sign(p.idDocumentPath);
  const selfie = sign(p.selfiePath);
  return {
    creator: {
      _id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      avatar: avatarUrl(ctx, user.avatarPath),
      country: p.country,
      dateOfBirth: p.dateOfBirth,
      accountStatus: user.status,
      createdAt: user.createdAt.toISOString(),
    },
    status: p.verificationStatus,
    note: p.verificationNote,
    submittedAt: p.verificationSubmittedAt?.toISOString() ?? null,
    reviewedAt: p.verificationReviewedAt?.toISOString() ?? null,
    reviewerUsername: row.reviewerUsername,
    documents: { idDocument, selfie, expiresAt: expiryOf(idDocument ?? selfie) },
  };
}
