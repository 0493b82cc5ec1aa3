import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import Link from 'next/link';
import { Alert, Button, Flex, InputNumber, Popconfirm, Select, Tag, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { Product } from '@/common/contract/products';
import { ORDER_QUANTITY_MAX } from '@/common/contract/orders';
import { fromCents, toCents } from '@/common/lib/money';
import { getErrorMessage } from '@/client/lib/error-message';
import { redirectToLogin } from '@/client/lib/redirect-to-login';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { balanceReported } from '@/client/features/user/user.slice';
import { formatTokens } from '@/client/lib/format-amount';
import { LinkButton } from '@/client/components/link-button';
import { LazyAddressModal } from '@/client/features/addresses/components/lazy-address-modal';
import { addressLine } from '@/client/features/addresses/format-address';
import { useAddresses } from '@/client/features/addresses/use-addresses';
import { buyProduct, newIdempotencyKey } from '@/client/features/orders/orders.api';
import { fetchDownloadLink } from '../products.api';
import { stockText, TYPE_LABELS } from '../product-format';

/** Sends the browser to the signed link: the file arrives as a download (Content-Disposition: attachment). */
function startDownload(url: string) {
  window.location.assign(url);
}


/**
 * Price, type and stock, and what the viewer can do: the creator edits; a buyer (or an admin)
 * downloads a digital product; everyone else buys from the wallet: a quantity and a delivery
 * address for a physical product, a confirmation, then the new balance and the product reloaded.
 */
export function ProductBuyBox({ product, isOwner, onDownload = startDownload }: { product: Product; isOwner: boolean; onDownload?: (url: string) => void }) {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const physical = product.type === 'physical';
  const addresses = useAddresses(loggedIn && physical && !isOwner);
  const [downloading, setDownloading] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [addressId, setAddressId] = useState<string | undefined>();
  const [addingAddress, setAddingAddress] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [buying, setBuying] = useState(false);
  const [missing, setMissing] = useState<number | null>(null);
  // What this page learned from its own purchase, until the reloaded product says so too.
  const [justBought, setJustBought] = useState(false);
  const [stockLeft, setStockLeft] = useState<number | null>(product.stock);
  useEffect(() => setStockLeft(product.stock), [product.stock]);

  const isBought = product.isBought || justBought;
  const isLocked = product.isLocked && !justBought;
  const canDownload = product.type === 'digital' && product.hasDigitalFile && !isLocked;
  const stock = stockText({ ...product, stock: stockLeft });
  const soldOut = physical && (stockLeft ?? 0) <= 0;
  const maxQuantity = physical ? Math.max(1, Math.min(stockLeft ?? 1, ORDER_QUANTITY_MAX)) : 1;
  const total = fromCents(toCents(product.price) * quantity);
  const list = addresses.data?.data.data ?? [];
  const chosen = addressId ?? list[0]?._id;
  const canBuy = !isOwner && !soldOut && !(product.type === 'digital' && isBought);

  const download = async () => {
    setDownloading(true);
    try {
      const res = await fetchDownloadLink(product._id);
      onDownload(res.data.url);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  const askToBuy = () => {
    if (!loggedIn) {
      redirectToLogin();
      return;
    }
    if (physical && !chosen) {
      toast.error('Please choose a delivery address');
      return;
    }
    setConfirming(true);
  };

  const buy = async () => {
    setBuying(true);
    setMissing(null);
    try {
      const res = await buyProduct(product._id, { quantity, ...(physical ? { addressId: chosen } : {}) }, newIdempotencyKey());
      dispatch(balanceReported({ balance: res.data.balance }));
      setConfirming(false);
      setJustBought(true);
      if (physical) setStockLeft((s) => (s === null ? s : Math.max(0, s - quantity)));
      setQuantity(1);
      toast.success(physical ? `Order ${res.data.order.orderNumber} placed: the creator will ship it to you` : 'Purchased: you can download it now');
      void router.replace(router.asPath, undefined, { scroll: false });
    } catch (err) {
      setConfirming(false);
      const body = err as { statusCode?: number; missingAmount?: number } | null;
      if (body?.statusCode === 402) setMissing(body.missingAmount ?? 0);
      else toast.error(getErrorMessage(err));
      if (body?.statusCode === 409) void router.replace(router.asPath, undefined, { scroll: false });
    } finally {
      setBuying(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text style={{ fontSize: 28, fontWeight: 700 }}>{formatTokens(product.price)}</Typography.Text>
      <Flex gap={6} wrap>
        <Tag color={product.type === 'digital' ? 'blue' : 'default'}>{TYPE_LABELS[product.type]}</Tag>
        {soldOut ? <Tag color="red">Sold out</Tag> : stock ? <Tag>{stock}</Tag> : null}
        {product.status === 'draft' ? <Tag>Draft: only you see it</Tag> : null}
        {isBought ? <Tag color="success">You bought this</Tag> : null}
      </Flex>
      {isOwner ? (
        <LinkButton href={`/creator/my-store/${product._id}/edit`} icon={<EditOutlined />}>
          Edit product
        </LinkButton>
      ) : null}
      {!isOwner && soldOut ? (
        <Button type="primary" size="large" icon={<ShoppingCartOutlined />} disabled>
          Sold out
        </Button>
      ) : null}
      {canBuy ? (
        <Flex vertical gap={10}>
          {physical ? (
            <>
              <Flex align="center" gap={8}>
                <label htmlFor={`quantity-${product._id}`}>Quantity</label>
                <InputNumber
                  id={`quantity-${product._id}`}
                  min={1}
                  max={maxQuantity}
                  precision={0}
                  value={quantity}
                  onChange={(v) => setQuantity(Math.min(maxQuantity, Math.max(1, Math.floor(Number(v) || 1))))}
                />
              </Flex>
              {loggedIn ? (
                <Flex vertical gap={6}>
                  <Typography.Text>Deliver to</Typography.Text>
                  <Flex gap={8} wrap>
                    <Select
                      aria-label="Delivery address"
                      style={{ flex: 1, minWidth: 220 }}
                      loading={!addresses.data && !addresses.error}
                      placeholder="Add an address first"
                      value={chosen}
                      onChange={setAddressId}
                      options={list.map((a) => ({ value: a._id, label: addressLine(a) }))}
                    />
                    <Button icon={<PlusOutlined />} onClick={() => setAddingAddress(true)}>Add an address</Button>
                  </Flex>
                </Flex>
              ) : null}
            </>
          ) : null}
          {quantity > 1 ? (
            <Typography.Text>
              Total: <strong>{formatTokens(total)}</strong>
            </Typography.Text>
          ) : null}
          <Popconfirm
            open={confirming}
            title={`Buy ${physical && quantity > 1 ? `${quantity} × ` : ''}"${product.name}"?`}
            description={`${formatTokens(total)} will be taken from your wallet.`}
            okText="Buy"
            cancelText="Cancel"
            okButtonProps={{ loading: buying }}
            onConfirm={buy}
            onCancel={() => setConfirming(false)}
          >
            <Button type="primary" size="large" icon={<ShoppingCartOutlined />} loading={buying} onClick={askToBuy}>
              Buy for {formatTokens(total)}
            </Button>
          </Popconfirm>
          {missing !== null ? (
            <Alert
              type="warning"
              showIcon
              title={`Not enough tokens: you need ${formatTokens(missing)} more.`}
              description={<Link href="/wallet">Top up your wallet</Link>}
            />
          ) : null}
        </Flex>
      ) : null}
      {canDownload ? (
        <Button type={isOwner ? 'default' : 'primary'} size="large" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          Download
        </Button>
      ) : null}
      {physical && isBought ? (
        <Typography.Text type="secondary">
          The creator ships it to the address of your order. <Link href="/user/orders">My orders</Link>
        </Typography.Text>
      ) : null}
      <LazyAddressModal
        open={addingAddress}
        onClose={() => setAddingAddress(false)}
        onSaved={(a) => {
          setAddingAddress(false);
          setAddressId(a._id);
          void addresses.mutate();
        }}
      />
    </Flex>
  );
}
