import { fireEvent, render, screen } from '@testing-library/react';
import { PlainCheckbox } from '@/client/components/plain-checkbox';
import { PlainField, fieldProps } from '@/client/components/plain-field';
import { PlainPasswordInput } from '@/client/components/plain-input';

describe('the plain form controls (forms drawn without antd)', () => {
  it('labels the control, and ties the message to it as antd\'s Form.Item does', () => {
    const { rerender } = render(
      <PlainField id="f_name" label="Name">
        <input {...fieldProps('f_name')} />
      </PlainField>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(
      <PlainField id="f_name" label="Name" error="Please enter your name">
        <input {...fieldProps('f_name', 'Please enter your name')} />
      </PlainField>,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name');
  });

  it('shows and hides a password with a button that says what it does', () => {
    render(<PlainPasswordInput aria-label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide characters' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide characters' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('disables the show/hide button with the input', () => {
    render(<PlainPasswordInput aria-label="Password" disabled />);
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show characters' })).toBeDisabled();
  });

  it('is a native checkbox named by its text', () => {
    const onChange = jest.fn();
    render(<PlainCheckbox checked={false} onChange={(e) => onChange(e.target.checked)}>Remember me</PlainCheckbox>);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
