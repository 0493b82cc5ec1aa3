import { contactRoutes, type ContactBody } from '@/common/contract/contact';
import { callRoute } from '@/client/lib/call-route';

export const sendContactMessage = (body: ContactBody) => callRoute(contactRoutes.send, { body });
