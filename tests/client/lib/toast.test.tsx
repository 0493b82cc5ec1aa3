import { screen } from '@testing-library/react';
import { toast } from '@/client/lib/toast';

describe('toast', () => {
  it('mounts its holder with the first toast, themed, at the end of the page, and reuses it', async () => {
    document.documentElement.setAttribute('data-theme', 'light');
    expect(document.querySelector('[data-toast-host]')).toBeNull();
    toast.success('Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    toast.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-toast-host]')).toHaveLength(1);
    // Drawn by antd's message inside the theme's provider: the notice carries the theme's class.
    expect(screen.getByText('Saved').closest('.ant-message')?.className).toMatch(/\bapp\b/);
  });
});

describe('toast, when its holder cannot load', () => {
  it('loses that toast quietly and loads the holder again for the next one', async () => {
    jest.resetModules();
    let fail = true;
    const mount = jest.fn(async () => ({ success: jest.fn(), error: jest.fn() }));
    jest.doMock('@/client/theme/toast-host', () => {
      if (fail) throw new Error('chunk failed to load');
      return { mountToastHost: mount };
    });
    const { toast: fresh } = await import('@/client/lib/toast');
    fresh.error('lost');
    await new Promise((r) => setTimeout(r, 0));
    expect(mount).not.toHaveBeenCalled();
    fail = false;
    fresh.error('shown');
    await new Promise((r) => setTimeout(r, 0));
    expect(mount).toHaveBeenCalledTimes(1);
    const api = await mount.mock.results[0].value;
    expect(api.error).toHaveBeenCalledWith('shown', 3);
  });
});
