import { act, renderHook } from '@testing-library/react';
import { useRouter } from 'next/router';
import { useQueryList } from '@/client/hooks/use-query-list';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

function mockRouter(query: Record<string, string | string[]>, pathname = '/performers') {
  const push = jest.fn(async () => true);
  jest.mocked(useRouter).mockReturnValue({ query, pathname, push } as unknown as ReturnType<typeof useRouter>);
  return push;
}

describe('useQueryList (spec 2 and 9)', () => {
  it('defaults to page 1, 10 per page, updatedAt desc, and maps them onto offset/limit', () => {
    mockRouter({});
    const { result } = renderHook(() => useQueryList());
    expect(result.current).toEqual(
      expect.objectContaining({ current: 1, pageSize: 10, sortBy: 'updatedAt', sort: 'desc', filters: {} }),
    );
    expect(result.current.params).toEqual({ offset: 0, limit: 10, sortBy: 'updatedAt', sort: 'desc' });
  });

  it('reads the list state and filters from the query string', () => {
    mockRouter({ current: '3', pageSize: '20', sortBy: 'name', sort: 'asc', q: 'anna', type: ['video', 'photo'], empty: '' });
    const { result } = renderHook(() => useQueryList());
    expect(result.current).toEqual(
      expect.objectContaining({ current: 3, pageSize: 20, sortBy: 'name', sort: 'asc', filters: { q: 'anna', type: 'video' } }),
    );
    expect(result.current.params).toEqual({ offset: 40, limit: 20, sortBy: 'name', sort: 'asc', q: 'anna', type: 'video' });
  });

  it('falls back to defaults on nonsense and caps the page size at 100', () => {
    mockRouter({ current: '-2', pageSize: '5000', sort: 'sideways' });
    const { result } = renderHook(() => useQueryList());
    expect(result.current).toEqual(expect.objectContaining({ current: 1, pageSize: 100, sort: 'desc' }));
  });

  it('keeps dynamic route segments out of the filters', () => {
    mockRouter({ profileId: 'jane', q: 'x' }, '/[profileId]/videos');
    const { result } = renderHook(() => useQueryList());
    expect(result.current.filters).toEqual({ q: 'x' });
  });

  it('honours per-page defaults', () => {
    const push = mockRouter({});
    const { result } = renderHook(() => useQueryList({ pageSize: 12, sortBy: 'createdAt' }));
    expect(result.current.params).toEqual({ offset: 0, limit: 12, sortBy: 'createdAt', sort: 'desc' });
    act(() => result.current.setPage(2, 12));
    expect(push).toHaveBeenCalledWith({ pathname: '/performers', query: { current: '2' } }, undefined, { shallow: true, scroll: false });
  });

  it('setPage pushes shallowly and leaves defaults out of the URL', () => {
    const push = mockRouter({ q: 'anna', current: '2' });
    const { result } = renderHook(() => useQueryList());
    act(() => result.current.setPage(3, 20));
    expect(push).toHaveBeenLastCalledWith({ pathname: '/performers', query: { q: 'anna', current: '3', pageSize: '20' } }, undefined, { shallow: true, scroll: false });
    act(() => result.current.setPage(1, 10));
    expect(push).toHaveBeenLastCalledWith({ pathname: '/performers', query: { q: 'anna' } }, undefined, { shallow: true, scroll: false });
  });

  it('setSort writes the order and goes back to page 1', () => {
    const push = mockRouter({ current: '4' });
    const { result } = renderHook(() => useQueryList());
    act(() => result.current.setSort('name', 'asc'));
    expect(push).toHaveBeenLastCalledWith({ pathname: '/performers', query: { sortBy: 'name', sort: 'asc' } }, undefined, { shallow: true, scroll: false });
    act(() => result.current.setSort('updatedAt', 'desc'));
    expect(push).toHaveBeenLastCalledWith({ pathname: '/performers', query: {} }, undefined, { shallow: true, scroll: false });
  });

  it('setFilter sets and clears filters and resets current to 1', () => {
    const push = mockRouter({ current: '5', q: 'old', country: 'FR' }, '/[profileId]/videos');
    const { result } = renderHook(() => useQueryList());
    act(() => result.current.setFilter({ q: 'new', country: '', verified: true }));
    expect(push).toHaveBeenLastCalledWith(
      { pathname: '/[profileId]/videos', query: { q: 'new', verified: 'true' } },
      undefined,
      { shallow: true, scroll: false },
    );
  });

  it('update applies several changes in one navigation without resetting the page', () => {
    const push = mockRouter({});
    const { result } = renderHook(() => useQueryList());
    act(() => result.current.update({ current: 2, sortBy: 'price', sort: 'asc' }));
    expect(push).toHaveBeenCalledTimes(1);
    expect(push).toHaveBeenLastCalledWith({ pathname: '/performers', query: { current: '2', sortBy: 'price', sort: 'asc' } }, undefined, { shallow: true, scroll: false });
  });
});
