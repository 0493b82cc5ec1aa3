import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Nullable, Ok, Paging, Uuid } from './common';
import { CONTENT_STATUSES, ContentAuthor, ContentModerationFields } from './content';
import { MEDIA_FILE_STATUSES, MediaFileView } from './media';

export const PRODUCT_TYPES = ['physical', 'digital'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_STOCK_MAX = 1_000_000;
/** Pictures per product: at least one (cards and the detail page need a picture), at most this many. */
export const PRODUCT_IMAGES_MAX = 10;
/** Stock at or below this (and above zero) is "low" in the creator's store. */
export const PRODUCT_LOW_STOCK = 5;

/** The multipart file fields: shop pictures (repeatable) and the file a buyer of a digital product downloads. */
export const PRODUCT_IMAGE_FIELD = 'image';
export const PRODUCT_FILE_FIELD = 'digitalFile';
/** `media_files.purpose` (MediaFileView `type`) of each. */
export const PRODUCT_IMAGE_PURPOSE = 'product-image';
export const PRODUCT_FILE_PURPOSE = 'product-file';


/**
 * A product as anyone who may see it receives it. Images are shop pictures: full URLs for every
 * viewer. The digital file never appears here: buyers, the creator and admins get a short-lived
 * link from `download-link`. `isLocked` = the viewer has not bought it (and is neither its creator
 * nor an admin): likes, comments and the download are for buyers.
 */
export const Product = Type.Object({
  _id: Type.String(),
  performerId: Type.String(),
  name: Type.String(),
  /** Plain text; line breaks are the creator's. */
  description: Type.String(),
  type: Type.Enum([...PRODUCT_TYPES]),
  /** Tokens, two decimals. */
  price: Type.Number({ minimum: 0 }),
  /** Units left of a physical product; null for a digital one. */
  stock: Nullable(Type.Integer({ minimum: 0 })),
  /** A physical product with no stock left. Digital products never sell out. */
  isSoldOut: Type.Boolean(),
  images: Type.Array(MediaFileView),
  hasDigitalFile: Type.Boolean(),
  /** The viewer bought it. */
  isBought: Type.Boolean(),
  isLocked: Type.Boolean(),
  stats: Type.Object({
    likes: Type.Integer({ minimum: 0 }),
    bookmarks: Type.Integer({ minimum: 0 }),
    comments: Type.Integer({ minimum: 0 }),
  }),
  isLiked: Type.Boolean(),
  isBookmarked: Type.Boolean(),
  performer: ContentAuthor,
  status: Type.Enum([...CONTENT_STATUSES]),
  ...ContentModerationFields,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Product = Static<typeof Product>;

/** What the creator sees of their digital file: never a URL (that is `download-link`'s job). */
export const ProductDigitalFile = Type.Object({
  _id: Type.String(),
  /** The uploaded file name. */
  name: Type.String(),
  kind: Type.Enum(['image', 'video', 'audio', 'document']),
  mimeType: Nullable(Type.String()),
  size: Type.Integer({ minimum: 0 }),
  /** Video and audio are processed first; buyers can download once it is `ready`. */
  status: Type.Enum([...MEDIA_FILE_STATUSES]),
  failureReason: Nullable(Type.String()),
});
export type ProductDigitalFile = Static<typeof ProductDigitalFile>;

/** The creator's own product: what it sold and which file buyers get. */
export const OwnProduct = Type.Object({
  ...Product.properties,
  sold: Type.Integer({ minimum: 0 }),
  digitalFile: Nullable(ProductDigitalFile),
});
export type OwnProduct = Static<typeof OwnProduct>;

const Name = Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX });
const Description = Type.String({ maxLength: PRODUCT_DESCRIPTION_MAX });
/** Tokens; the site's content price bounds apply (422 naming them). */
const Price = Type.Number({ minimum: 0, maximum: 1_000_000 });
const Stock = Type.Integer({ minimum: 0, maximum: PRODUCT_STOCK_MAX });

/**
 * The text fields of a new product (multipart, besides the files: one or more `image`, and
 * `digitalFile` for a digital product). `stock` is required for a physical product and must be
 * left out for a digital one.
 */
export const ProductFields = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    type: Type.Enum([...PRODUCT_TYPES]),
    price: Price,
    stock: Type.Optional(Stock),
    status: Type.Optional(Type.Enum([...CONTENT_STATUSES])),
  },
  { additionalProperties: false },
);
export type ProductFields = Static<typeof ProductFields>;

/**
 * An edit: every field optional, what is left out stays. As JSON, or as multipart with the same
 * fields as text plus new `image` files (added after the kept ones) and/or a `digitalFile` (replaces
 * the old one). `imageIds` lists the current images to keep, in display order (a JSON array, or
 * ids separated by commas in a multipart form); the others are deleted. Switching to physical
 * needs `stock` and deletes the digital file; switching to digital needs a `digitalFile`.
 */
export const UpdateProductBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    type: Type.Optional(Type.Enum([...PRODUCT_TYPES])),
    price: Type.Optional(Price),
    stock: Type.Optional(Stock),
    status: Type.Optional(Type.Enum([...CONTENT_STATUSES])),
    imageIds: Type.Optional(Type.Array(Uuid(), { maxItems: PRODUCT_IMAGES_MAX })),
  },
  { additionalProperties: false },
);
export type UpdateProductBody = Static<typeof UpdateProductBody>;

const PageFields = Paging(12);

export const OWN_PRODUCT_SORTS = ['updatedAt', 'createdAt', 'name', 'price', 'sold'] as const;
export type OwnProductSort = (typeof OWN_PRODUCT_SORTS)[number];

export const OwnProductQuery = Type.Object(
  {
    ...PageFields,
    q: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(Type.Enum([...PRODUCT_TYPES])),
    status: Type.Optional(Type.Enum([...CONTENT_STATUSES])),
    sortBy: Type.Optional(Type.Enum([...OWN_PRODUCT_SORTS], { default: 'updatedAt' })),
    sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
  },
  { additionalProperties: false },
);
export type OwnProductQuery = Static<typeof OwnProductQuery>;

export const ProductSearchQuery = Type.Object(
  {
    ...PageFields,
    performerId: Type.Optional(Uuid()),
    /** The creator by username, when the id is not at hand. */
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(Type.Enum([...PRODUCT_TYPES])),
  },
  { additionalProperties: false },
);
export type ProductSearchQuery = Static<typeof ProductSearchQuery>;

export const ProductBookmarkQuery = Type.Object({ ...PageFields }, { additionalProperties: false });

/** A signed link that downloads the digital file under its uploaded name; it expires (`expiresAt`). */
export const ProductDownloadLink = Type.Object({
  url: Type.String(),
  name: Type.String(),
  expiresAt: DateTime,
});
export type ProductDownloadLink = Static<typeof ProductDownloadLink>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 413: ErrorBody, 422: ErrorBody };
const creator = { auth: 'required', roles: ['performer'], tags: ['products'] } as const;
const pub = { auth: 'optional', tags: ['products'] } as const;

export const productRoutes = {
  create: defineRoute({
    ...creator, method: 'POST', url: '/performer/performer-assets/products', multipart: true,
    summary: 'Add a product to my store (multipart: the ProductFields as text, one or more "image" files, and "digitalFile" for a digital product); nothing is kept if any part is refused',
    schema: { response: { 200: Envelope(OwnProduct), ...writeErrors } },
  }),
  update: defineRoute({
    ...creator, method: 'PUT', url: '/performer/performer-assets/products/:id', multipart: true,
    summary: 'Edit my product: JSON UpdateProductBody, or multipart with the same fields as text plus new "image" files and/or a replacement "digitalFile"',
    schema: { params: IdParams, body: UpdateProductBody, response: { 200: Envelope(OwnProduct), ...writeErrors } },
  }),
  mine: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/products/search', summary: 'My products, drafts included',
    schema: { querystring: OwnProductQuery, response: { 200: ListEnvelope(OwnProduct), ...errors } },
  }),
  mineDetail: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/products/:id/view', summary: 'My product with stock, sold and the digital file\'s details',
    schema: { params: IdParams, response: { 200: Envelope(OwnProduct), ...errors } },
  }),
  remove: defineRoute({
    ...creator, method: 'DELETE', url: '/performer/performer-assets/products/:id', summary: 'Delete my product with its files, likes, bookmarks and comments',
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
  search: defineRoute({
    ...pub, method: 'GET', url: '/performer-assets/products/search', summary: 'Products I can see (of one creator with performerId or username), newest first',
    schema: { querystring: ProductSearchQuery, response: { 200: ListEnvelope(Product), ...errors } },
  }),
  detail: defineRoute({
    ...pub, method: 'GET', url: '/performer-assets/products/:id', summary: 'One product',
    schema: { params: IdParams, response: { 200: Envelope(Product), ...errors } },
  }),
  downloadLink: defineRoute({
    method: 'GET', url: '/performer-assets/products/:id/download-link', auth: 'required', tags: ['products'],
    summary: 'A short-lived download link for a digital product\'s file (its buyers, its creator and admins)',
    schema: { params: IdParams, response: { 200: Envelope(ProductDownloadLink), ...errors, 409: ErrorBody } },
  }),
  bookmarks: defineRoute({
    method: 'GET', url: '/reactions/products/bookmark', auth: 'required', tags: ['reactions'], summary: 'Products I bookmarked, newest bookmark first',
    schema: { querystring: ProductBookmarkQuery, response: { 200: ListEnvelope(Product), ...errors } },
  }),
};
