import { fireEvent, render, screen } from '@testing-library/react';
import { PlainButton, PlainLinkButton } from '@/client/components/plain-button';

describe('PlainButton', () => {
  it('is a button that calls back, and ignores clicks while loading (busy, a spinner for its icon)', () => {
    const onClick = jest.fn();
    const { rerender } = render(<PlainButton onClick={onClick}>Follow</PlainButton>);
    const button = screen.getByRole('button', { name: 'Follow' });
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<PlainButton onClick={onClick} loading>Follow</PlainButton>);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.anticon-loading')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('PlainLinkButton', () => {
  it('links a site path in the same tab and an http(s) URL in a new one', () => {
    render(
      <>
        <PlainLinkButton href="/creator">Explore</PlainLinkButton>
        <PlainLinkButton href="https://example.com/x">Away</PlainLinkButton>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/creator');
    expect(screen.getByRole('link', { name: 'Explore' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Away' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Away' })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
