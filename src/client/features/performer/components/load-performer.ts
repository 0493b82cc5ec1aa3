import Router from 'next/router';
import type { NextPageContext } from 'next';
import { performerRoutes, type PerformerPublic } from '@/common/contract/performers';
import { NOT_AVAILABLE_MESSAGE } from '@/common/contract/social';
import { callRoute } from '@/client/lib/call-route';
import { getErrorMessage, messageOf } from '@/client/lib/error-message';
import { visitorHeaders } from '@/client/store/page-loader';

export interface PerformerPageProps {
  performer: PerformerPublic | null;
  /** The server's 403 message: the creator blocked this viewer or the viewer's country. */
  notAvailable?: string;
  /** Set when the API failed for another reason than "not found" or "not available". */
  error?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Data of /{profileId} (spec 2: the username, or else the id). Runs on the server for the first
 * load and in the browser on navigation. A page opened by id (or by a differently written
 * username) moves to the canonical /{username}: 302 on the server, Router.replace in the browser.
 * 403 (blocked viewer or country) → not available (HTTP 403); 404 → not found (HTTP 404).
 */
export async function loadPerformerPage(ctx: NextPageContext): Promise<PerformerPageProps> {
  const id = first(ctx.query.profileId);
  try {
    // The viewer's token (cookie) goes along: blocking rules depend on who is looking.
    const res = await callRoute(performerRoutes.view, { params: { id }, ctx, headers: visitorHeaders(ctx.req), authRedirect: false });
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
    if (status === 403) {
      if (ctx.res) ctx.res.statusCode = 403;
      return { performer: null, notAvailable: messageOf(err) ?? NOT_AVAILABLE_MESSAGE };
    }
    if (status === 404 || status === 400) {
      if (ctx.res) ctx.res.statusCode = 404;
      return { performer: null };
    }
    if (ctx.res) ctx.res.statusCode = 502;
    return { performer: null, error: getErrorMessage(err) };
  }
}
