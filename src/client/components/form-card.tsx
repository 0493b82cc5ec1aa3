import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

interface FormCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: links such as "Already have an account?". */
  footer?: ReactNode;
  width?: 'narrow' | 'medium';
}

/** The centred card every auth and account form sits in, so they share spacing and widths. */
export function FormCard({ title, subtitle, children, footer, width = 'narrow' }: FormCardProps) {
  return (
    <div className={width === 'narrow' ? 'app-narrow' : 'app-medium'}>
      <Card variant="borderless" styles={{ body: { padding: 'clamp(20px, 5vw, 32px)' } }} style={{ boxShadow: '0 8px 24px rgba(0,0,0,0.06)' }}>
        <Typography.Title level={2} style={{ marginTop: 0, marginBottom: subtitle ? 4 : 24, fontSize: 26 }}>
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
            {subtitle}
          </Typography.Paragraph>
        ) : null}
        {children}
      </Card>
      {footer ? <div className="app-text-links" style={{ textAlign: 'center', marginTop: 20 }}>{footer}</div> : null}
    </div>
  );
}
