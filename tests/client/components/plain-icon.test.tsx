import { render } from '@testing-library/react';
import { LoadingOutlined as AntdLoading, LockOutlined as AntdLock, XOutlined as AntdX } from '@ant-design/icons';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import XOutlined from '@ant-design/icons-svg/es/asn/XOutlined';
import { PlainIcon } from '@/client/components/plain-icon';

const markup = (ui: React.ReactElement) => render(ui).container.innerHTML;

describe('PlainIcon', () => {
  it.each([
    ['lock', <PlainIcon key="p" icon={LockOutlined} />, <AntdLock key="a" />],
    ['x', <PlainIcon key="p" icon={XOutlined} />, <AntdX key="a" />],
    ['loading (spins by itself)', <PlainIcon key="p" icon={LoadingOutlined} />, <AntdLoading key="a" />],
  ])('draws the %s icon with the same markup as @ant-design/icons', (_name, plain, antd) => {
    expect(markup(plain)).toBe(markup(antd));
  });

  it('spins on request and keeps the caller\'s class and attributes', () => {
    const { container } = render(<PlainIcon icon={LockOutlined} spin className="extra" aria-hidden />);
    const span = container.firstElementChild!;
    expect(span.className).toBe('anticon anticon-lock anticon-spin extra');
    expect(span.getAttribute('aria-hidden')).toBe('true');
    expect(span.querySelector('svg')!.getAttribute('viewBox')).toBe('64 64 896 896');
  });
});
