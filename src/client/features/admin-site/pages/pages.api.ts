import { postRoutes, type PostFields } from '@/common/contract/posts';
import { callRoute } from '@/client/lib/call-route';

export const createPage = (fields: PostFields) => callRoute(postRoutes.adminCreate, { body: fields });

export const updatePage = (id: string, fields: Partial<PostFields>) => callRoute(postRoutes.adminUpdate, { params: { id }, body: fields });

export const removePage = (id: string) => callRoute(postRoutes.adminRemove, { params: { id } });
