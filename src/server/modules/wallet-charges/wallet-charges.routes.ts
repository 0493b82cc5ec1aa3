import type { FastifyInstance } from 'fastify';
import { walletChargeRoutes } from '../../../common/contract/wallet-charges';
import { addRoute } from '../../lib/route';
import { signedInViewer } from '../blocking/viewer';
import { createWalletChargesService } from './wallet-charges.service';
import { messageChargeRoute } from '../../../common/contract/messaging';
import { createMessagePurchase } from './message-purchase';
import { streamChargeRoute } from '../../../common/contract/streaming';
import { createStreamPurchase } from './stream-purchase';

/** Tips and pay-per-view purchases from the wallet, and the list of charges. */
export default async function walletChargesModule(app: FastifyInstance) {
  const charges = createWalletChargesService(app);

  addRoute(app, walletChargeRoutes.tip, async (request) => ({
    data: await charges.tip(await signedInViewer(app, request), request.params.performerId, request.body),
  }));
  for (const type of ['feed', 'video', 'gallery'] as const) {
    addRoute(app, walletChargeRoutes[type], async (request) => ({
      data: await charges.buy(await signedInViewer(app, request), type, request.params.id),
    }));
  }
  const buyMessage = createMessagePurchase(app);
  addRoute(app, messageChargeRoute, async (request) => ({
    data: await buyMessage(await signedInViewer(app, request), request.params.id),
  }));
  const buyStream = createStreamPurchase(app);
  addRoute(app, streamChargeRoute, async (request) => ({
    data: await buyStream(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, walletChargeRoutes.search, async (request) => ({
    data: await charges.search(request.user!, request.query),
  }));
}
