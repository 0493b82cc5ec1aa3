import { contactRoutes, type ContactBody } from '@/common/contract/contact';
import { callRoute } from '@/client/lib/call-route';
import { recaptchaHeaders } from '@/client/lib/recaptcha';

export const sendContactMessage = (body: ContactBody, reCaptchaToken?: string | null) =>
  callRoute(contactRoutes.send, { body, headers: recaptchaHeaders(reCaptchaToken) });
