import type { FormRule } from 'antd';
import { POST_SLUG_MESSAGE, POST_SLUG_PATTERN, type Post, type PostFields, type PostStatus } from '@/common/contract/posts';

/** The page editor's values. */
export interface PageFormValues {
  title: string;
  slug: string;
  content: string;
  status: PostStatus;
  ordering: number | null;
}

export const TITLE_MAX = 200;
export const CONTENT_MAX = 100_000;
export const SLUG_MAX = 60;

export const emptyPageValues = (): PageFormValues => ({ title: '', slug: '', content: '', status: 'draft', ordering: 0 });

export const pageValuesOf = (post: Post): PageFormValues => ({
  title: post.title, slug: post.slug, content: post.content, status: post.status, ordering: post.ordering,
});

export function pageFieldsOf(v: PageFormValues): PostFields {
  return { title: v.title.trim(), slug: v.slug.trim(), content: v.content ?? '', status: v.status, ordering: v.ordering ?? 0 };
}

/** Only what an edit changed (an untouched form sends nothing, and the audit log shows the change). */
export function changedPageFields(post: Post, v: PageFormValues): Partial<PostFields> {
  const next = pageFieldsOf(v);
  const current = pageFieldsOf(pageValuesOf(post));
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => current[key as keyof PostFields] !== value)) as Partial<PostFields>;
}

/**
 * A slug suggested from the title: accents dropped, anything but a-z and 0-9 becomes one hyphen,
 * at most 60 characters (the server's rule), no hyphen at either end.
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

const SLUG = new RegExp(POST_SLUG_PATTERN);

/** The server's checks, with its own message for the pattern. */
export const pageRules: Record<'title' | 'slug', FormRule[]> = {
  title: [
    { required: true, whitespace: true, message: 'Title cannot be empty' },
    { max: TITLE_MAX, message: `At most ${TITLE_MAX} characters` },
  ],
  slug: [
    { required: true, message: 'Choose the page address' },
    { validator: async (_rule, value: string | undefined) => { if (value && !SLUG.test(value.trim())) throw new Error(POST_SLUG_MESSAGE); } },
  ],
};
