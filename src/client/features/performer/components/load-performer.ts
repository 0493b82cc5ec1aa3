import Router from 'next/router';
import type { NextPageContext } from 'next';
import { performerRoutes, type PerformerPublic } from '@/common/contract/performers';
import { callRoute } from '@/client/lib/call-route';
import { getErrorMessage } from '@/client/lib/error-message';

export interface PerformerPageProps {
  performer: PerformerPublic | null;
  /** Set when the API failed for another reason than "not found". */
  error?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Data of /{profileId} (spec 2: the username, or else the id). Runs on the server for the first
 * load and in the browser on navigation. A page opened by id (or by a differently written
 * username) moves to the canonical /{username}: 302 on the server, Router.replace in the browser.
 */
export async function loadPerformerPage(ctx: NextPageContext): Promise<PerformerPageProps> {
  const id = first(ctx.query.profileId);
  try {
    // The viewer's token (cookie) goes along: blocking rules depend on who is looking.
    const res = await callRoute(performerRoutes.view, { params: { id }, ctx, authRedirect: false });
    const performer = res.data;
    if (performer.username && performer.username !== id) {
      const target = `/${performer.username}`;
      if (ctx.res) {
        ctx.res.writeHead(302, { Location: target });
        ctx.res.end();
      } else {
        await Router.replace(target);
      }
    }
    return { performer };
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (status === 404 || status === 400) {
      if (ctx.res) ctx.res.statusCode = 404;
      return { performer: null };
    }
    if (ctx.res) ctx.res.statusCode = 502;
    return { performer: null, error: getErrorMessage(err) };
  }
}
