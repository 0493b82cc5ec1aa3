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
