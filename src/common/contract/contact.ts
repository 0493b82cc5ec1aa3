import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery, Nullable } from './common';
import { EMAIL_MAX } from './users';

/** The contact page's limits, in characters after trimming (the form checks the same ones). */
export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX, subject: 150, message: 5000 } as const;
export type ContactField = keyof typeof CONTACT_LIMITS;

/** What an empty or malformed field says, on the form and in the API's `details` alike. */
export const CONTACT_FIELD_MESSAGES: Record<ContactField | 'emailFormat', string> = {
  name: 'Please enter your name',
  email: 'Please enter your email address',
  emailFormat: 'Please enter a valid email address',
  subject: 'Please enter a subject',
  message: 'Please enter a message',
};

/** What the contact form sends: all four fields required; text only (markup is kept as typed, never rendered). */
export const ContactBody = Type.Object(
  {
    name: Type.String({ maxLength: CONTACT_LIMITS.name }),
    email: Type.String({ maxLength: CONTACT_LIMITS.email }),
    subject: Type.String({ maxLength: CONTACT_LIMITS.subject }),
    message: Type.String({ maxLength: CONTACT_LIMITS.message }),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

/** The operators' inbox states: new until an operator opens it, replied once they answered. */
export const CONTACT_STATUSES = ['new', 'read', 'replied'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const ContactMessage = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  /** Plain text with line breaks. */
  message: Type.String(),
  status: Type.Enum([...CONTACT_STATUSES]),
  /** The signed-in account that wrote it, if any (and its username, when the account still exists). */
  userId: Nullable(Type.String()),
  username: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  readAt: Nullable(DateTime),
  repliedAt: Nullable(DateTime),
  createdAt: DateTime,
});
export type ContactMessage = Static<typeof ContactMessage>;

export const ContactInboxQuery = Type.Object({
  offset: ListQuery.properties.offset,
  limit: ListQuery.properties.limit,
  status: Type.Optional(Type.Enum([...CONTACT_STATUSES])),
  /** Words of the name, email, subject or message (a literal, case-insensitive substring). */
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ContactInboxQuery = Static<typeof ContactInboxQuery>;

/** What `POST /contact` answers (spec 8's words). */
export const CONTACT_SENT = 'Action success';

export const ContactStatusBody = Type.Object({ status: Type.Enum([...CONTACT_STATUSES]) }, { additionalProperties: false });
export type ContactStatusBody = Static<typeof ContactStatusBody>;

const admin = { auth: 'required', roles: ['admin'], tags: ['admin'] } as const;
const adminErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export const contactRoutes = {
  send: defineRoute({
    method: 'POST', url: '/contact', auth: 'optional', tags: ['contact'],
    summary: 'Send a message to the operators (the contact page); a few an hour per address',
    schema: {
      body: ContactBody,
      response: { 200: Envelope(Type.Object({ message: Type.String() })), 400: ErrorBody, 429: ErrorBody },
    },
  }),
  adminList: defineRoute({
    ...admin, method: 'GET', url: '/admin/contact-messages', summary: 'The contact inbox, newest first; filter by status, search the text',
    schema: { querystring: ContactInboxQuery, response: { 200: ListEnvelope(ContactMessage), ...adminErrors } },
  }),
  adminUpdate: defineRoute({
    ...admin, method: 'PUT', url: '/admin/contact-messages/:id', summary: 'Mark a contact message new (unread), read or replied',
    schema: { params: IdParams, body: ContactStatusBody, response: { 200: Envelope(ContactMessage), ...adminErrors, 404: ErrorBody } },
  }),
};
