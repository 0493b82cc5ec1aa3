import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMENT_IMAGE_FIELD, COMMENT_IMAGE_PURPOSE, UpdateCommentBody } from '../../../common/contract/comments';
import { badRequest } from '../../lib/http-error';
import { checkJsonBody, parseFields } from '../../media/multipart-form';
import type { CommentImageRow } from './comments.repository';

export interface CommentEdit {
  /** As sent; cleaned by `cleanCommentText`. */
  text: string;
  removeImage: boolean;
  /** A new image, already stored by the media pipeline (the caller removes it if the edit fails). */
  image: CommentImageRow | null;
}

const BOTH = 'Send a new image or removeImage, not both';

/**
 * Reads an edit of a comment. Multipart (spec 7: the edit is an upload): the text fields of
 * `UpdateCommentBody` and at most one `image` file, checked by its bytes, re-encoded and stored
 * through the media pipeline (a refused file, a second file or another file field stores nothing).
 * JSON: the same fields without a file. If the fields are refused after the image was stored, the
 * image is removed again, so a refused edit leaves nothing behind.
 */
export async function readCommentEdit(app: Pick<FastifyInstance, 'media'>, request: FastifyRequest, ownerId: string): Promise<CommentEdit> {
  if (!request.isMultipart()) {
    const body = checkJsonBody(UpdateCommentBody, request.body);
    return { text: body.text, removeImage: body.removeImage === true, image: null };
  }
  const { files, fields } = await app.media.ingestForm(request, {
    ownerId,
    files: { [COMMENT_IMAGE_FIELD]: { kinds: ['image'], purpose: COMMENT_IMAGE_PURPOSE } },
  });
  const image = files[COMMENT_IMAGE_FIELD]?.[0] ?? null;
  try {
    const input = parseFields(UpdateCommentBody, fields);
    if (image && input.removeImage) throw badRequest(BOTH, [{ field: 'removeImage', message: BOTH }]);
    return { text: input.text, removeImage: input.removeImage === true, image };
  } catch (err) {
    if (image) await app.media.remove([image.id]);
    throw err;
  }
}
