import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Grid } from 'antd';
import { ResponsiveList } from '@/client/components/responsive-list';
import '../features/discovery/dom-stubs';

interface Row { _id: string; name: string }
const rows: Row[] = [{ _id: 'a', name: 'Ada' }, { _id: 'b', name: 'Bo' }];
const columns = [{ key: 'name', title: 'Name', render: (_: unknown, r: Row) => r.name }];

const SCREENS = {
  phone: { xs: true, sm: true, md: false, lg: false, xl: false },
  tablet: { xs: true, sm: true, md: true, lg: false, xl: false },
  desktop: { xs: true, sm: true, md: true, lg: true, xl: true },
};

function renderList(width: keyof typeof SCREENS, props: Partial<React.ComponentProps<typeof ResponsiveList<Row>>> = {}) {
  jest.spyOn(Grid, 'useBreakpoint').mockReturnValue(SCREENS[width]);
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

  it('offers a retry when the first load failed', async () => {
    const retry = jest.fn();
    renderList('phone', { items: undefined, error: { message: 'down' }, onRetry: retry });
    (await screen.findByText('Try again')).click();
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

  it('puts the row\'s buttons in a last column on the table and at the foot of each card', () => {
    const actions = (r: Row) => <button type="button">Edit {r.name}</button>;
    renderList('desktop', { actions });
    const table = screen.getByRole('table');
    const firstRow = within(table).getAllByRole('row')[1];
    const cells = within(firstRow).getAllByRole('cell');
    expect(cells[cells.length - 1]).toHaveTextContent('Edit Ada');
    // Pinned to the right edge, so scrolling a wide table never hides it.
    expect(cells[cells.length - 1].className).toMatch(/ant-table-cell-fix-(right|end)/);
    // The header names the column for assistive technology only.
    expect(within(table).getAllByText('Actions')[0]).toHaveClass('sr-only');
  });

  it('shows the buttons under each card on phones', () => {
    renderList('phone', { actions: (r) => <button type="button">Edit {r.name}</button> });
    const card = screen.getByRole('listitem', { name: 'Bo' });
    expect(within(card).getByRole('button', { name: 'Edit Bo' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Card of Bo');
  });

  it('keeps cards up to the breakpoint it is given', () => {
    renderList('tablet', { cardsBelow: 'lg' });
    expect(screen.getByRole('list', { name: 'People' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names the failure it was told to', async () => {
    renderList('desktop', { items: undefined, error: { message: 'down' }, errorTitle: 'We could not load your spending' });
    expect(await screen.findByText('We could not load your spending')).toBeInTheDocument();
  });
});
