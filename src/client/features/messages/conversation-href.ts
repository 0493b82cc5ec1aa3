/** The messages page with one conversation open (the page opens it from the query string). */
export const conversationHref = (conversationId: string) => `/messages?conversationId=${encodeURIComponent(conversationId)}`;

/** The messages page opening (or creating) the conversation with a person: spec 4 without an id. */
export const newConversationHref = (source: 'performer' | 'user', sourceId: string) =>
  `/messages?toSource=${source}&toId=${encodeURIComponent(sourceId)}`;
