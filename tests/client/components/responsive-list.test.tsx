import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Grid } from 'antd';
import { ResponsiveList } from '@/client/components/responsive-list';
import '../features/discovery/dom-stubs';

interface Row { _id: string; name: string }
const rows: Row[] = [{ _id: 'a', name: 'Ada' }, { _id: 'b', name: 'Bo' }];
const columns = [{ key: 'name', title: 'Name', render: (_: unknown, r: Row) => r.name }];

function renderList(width: 'phone' | 'desktop', props: Partial<React.ComponentProps<typeof ResponsiveList<Row>>> = {}) {
  jest.spyOn(Grid, 'useBreakpoint').mockReturnValue(width === 'phone' ? { xs: true, sm: true, md: false } : { xs: true, sm: true, md: true, lg: true });
  render(
    <ResponsiveList<Row>
      items={rows} rowKey="_id" label="People" columns={columns} empty="Nobody here."
      renderCard={(r) => <span>Card of {r.name}</span>} cardLabel={(r) => r.name} {...props}
    />,
  );
}
afterEach(() => jest.restoreAllMocks());

describe('ResponsiveList', () => {
  it('is a table from 768 px', () => {
    renderList('desktop');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'People' })).not.toBeInTheDocument();
  });

  it('is a card per row on phones', () => {
    renderList('phone');
    const list = screen.getByRole('list', { name: 'People' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('listitem', { name: 'Bo' })).toHaveTextContent('Card of Bo');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each(['phone', 'desktop'] as const)('says what an empty list means (%s)', (width) => {
    renderList(width, { items: [] });
    expect(screen.getByText('Nobody here.')).toBeInTheDocument();
  });

  it('offers a retry when the first load failed', () => {
    const retry = jest.fn();
    renderList('phone', { items: undefined, error: { message: 'down' }, onRetry: retry });
    screen.getByText('Try again').click();
    expect(retry).toHaveBeenCalled();
  });

  it('says the list is loading on phones until the page arrives', () => {
    renderList('phone', { items: undefined });
    expect(screen.getByLabelText('Loading people')).toBeInTheDocument();
  });

  it('hands the table its extra props: an expandable row opens on click', async () => {
    renderList('desktop', { tableProps: { expandable: { expandedRowRender: (r) => <p>More about {r.name}</p>, expandRowByClick: true } } });
    expect(screen.queryByText('More about Ada')).not.toBeInTheDocument();
    await act(async () => { fireEvent.click(screen.getByText('Ada')); });
    expect(screen.getByText('More about Ada')).toBeInTheDocument();
  });
});
