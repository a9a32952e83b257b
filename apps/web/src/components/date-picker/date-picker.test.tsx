import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, setupUser } from '../../test/render.tsx';
import { DatePicker } from './date-picker.tsx';
import { datePickerLimits } from './date-picker-limits.ts';

describe('DatePicker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 5, 15, 12));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows the years from 100 before to 10 after the current year', () => {
    expect(datePickerLimits()).toEqual({ minDate: '1925-01-01', maxDate: '2035-12-31' });
    expect(datePickerLimits(new Date(2030, 0, 1))).toEqual({ minDate: '1930-01-01', maxDate: '2040-12-31' });
  });

  it('offers 2035 but not 2036, and no later decade', async () => {
    render(<DatePicker label="Due date" defaultLevel="decade" defaultDate="2035-01-01" />);
    await setupUser().click(screen.getByRole('button', { name: 'Due date' }));
    expect(screen.getByRole('button', { name: '2035' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '2036' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next decade' })).toBeDisabled();
  });

  it('offers 1925 but not 1924, and no earlier decade', async () => {
    render(<DatePicker label="Hire date" defaultLevel="decade" defaultDate="1925-01-01" />);
    await setupUser().click(screen.getByRole('button', { name: 'Hire date' }));
    expect(screen.getByRole('button', { name: '1925' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '1924' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous decade' })).toBeDisabled();
  });

  it('can narrow the range but never widen it', async () => {
    render(
      <DatePicker
        label="Completed"
        defaultLevel="decade"
        defaultDate="2025-01-01"
        minDate="2021-03-01"
        maxDate="2099-01-01"
      />,
    );
    await setupUser().click(screen.getByRole('button', { name: 'Completed' }));
    expect(screen.getByRole('button', { name: '2020' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '2021' })).toBeEnabled();
    await setupUser().click(screen.getByRole('button', { name: 'Next decade' }));
    expect(screen.getByRole('button', { name: '2035' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '2036' })).toBeDisabled();
  });

  it('returns the picked day as YYYY-MM-DD and shows it', async () => {
    const onChange = vi.fn();
    render(<DatePicker label="Due date" onChange={onChange} />);
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Due date' }));
    await user.click(screen.getByRole('button', { name: '20 June 2025' }));
    expect(onChange).toHaveBeenCalledWith('2025-06-20');
    expect(screen.getByRole('button', { name: 'Due date' })).toHaveTextContent('Jun 20, 2025');
  });
});
