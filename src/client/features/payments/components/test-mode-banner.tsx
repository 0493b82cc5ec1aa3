import { Alert, Tag, Typography } from 'antd';
import { SANDBOX_TEST_CARDS } from '@/common/contract/payments';
import { useAppSelector } from '@/client/store/hooks';

/** True when card payments go to the built-in sandbox (no real money moves). */
export const useIsTestMode = () => useAppSelector((s) => s.settings.paymentTestMode) === true;

/** A small "TEST MODE" tag for any page that takes card payments. */
export function TestModeTag() {
  return useIsTestMode() ? <Tag color="orange">TEST MODE</Tag> : null;
}

/** The banner above a card form in TEST MODE, listing the test card numbers. */
export function TestModeBanner({ compact = false }: { compact?: boolean }) {
  if (!useIsTestMode()) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="note"
      title="TEST MODE"
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: compact ? 0 : 8 }}>
            Payments go to a test gateway: no card is really charged. Use any future expiry date and any 3-digit CVC.
          </Typography.Paragraph>
          {!compact && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {SANDBOX_TEST_CARDS.map((c) => (
                <li key={c.number}>
                  <Typography.Text code copyable>{c.number}</Typography.Text> {c.outcome}
                </li>
              ))}
            </ul>
          )}
        </>
      }
    />
  );
}
