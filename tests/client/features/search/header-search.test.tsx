import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRouter } from 'next/router';
import { HeaderSearch } from '@/client/features/search/components/header-search';
import { PostText } from '@/client/components/post-text';
import '../discovery/dom-stubs';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

function mockRouter(query: Record<string, string> = {}, pathname = '/home') {
  const push = jest.fn(async () => true);
  jest.mocked(useRouter).mockReturnValue({ query, pathname, asPath: pathname, push } as unknown as ReturnType<typeof useRouter>);
  return push;
}

describe('HeaderSearch', () => {
  it('opens /search with the typed text on Enter', () => {
    const push = mockRouter();
    render(<HeaderSearch />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '  #Sunset ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(push).toHaveBeenCalledWith('/search?q=%23Sunset');
  });

  it('leaves an Enter that picks a word of an input method to it', () => {
    const push = mockRouter();
    render(<HeaderSearch />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'にほ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true });
    expect(push).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Search' })[0]);
    expect(push).toHaveBeenCalledWith('/search?q=%E3%81%AB%E3%81%BB');
  });

  it('does nothing for an empty text', () => {
    const push = mockRouter();
    render(<HeaderSearch />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(push).not.toHaveBeenCalled();
  });

  it('on phones the icon opens a box that searches and closes', async () => {
    const push = mockRouter();
    render(<HeaderSearch />);
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    const dialog = await screen.findByRole('dialog');
    const box = dialog.querySelector('input')!;
    await waitFor(() => expect(box).toHaveFocus());
    fireEvent.change(box, { target: { value: 'aur' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(push).toHaveBeenCalledWith('/search?q=aur');
  });

  it('shows the text being searched on the search page', () => {
    mockRouter({ q: 'aurora' }, '/search');
    render(<HeaderSearch />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('aurora');
  });
});

describe('PostText', () => {
  it('renders hashtags as links to their search and opens them inside the app', () => {
    const push = mockRouter();
    render(<PostText html={'<p>Golden #Sunset <a href="https://x.io">#ext</a><img src=x onerror="alert(1)"></p>'} />);
    const tag = screen.getByRole('link', { name: '#Sunset' });
    expect(tag).toHaveAttribute('href', '/search?q=%23sunset');
    expect(screen.getByRole('link', { name: '#ext' })).toHaveAttribute('href', 'https://x.io');
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(tag);
    expect(push).toHaveBeenCalledWith('/search?q=%23sunset');
  });
});
